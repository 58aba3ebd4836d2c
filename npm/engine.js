// The wasm engine behind the package: loading rngkit.wasm (the module the
// workbench page runs, crates/rngkit-wasm) and its JSON call. Shared by
// index.js and the seed search's worker (worker.js).

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A refusal of the engine or of the package: `message` is the CLI's one line. */
export class RngkitError extends Error {
  constructor(message) {
    super(message);
    this.name = 'RngkitError';
  }
}

/** Whether this runs in Node.js (not in a browser or its workers). */
export const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

/**
 * Imports a Node.js built-in module. The name is a variable so that a
 * bundler building for browsers, where this never runs, leaves it alone.
 */
export function nodeModule(name) {
  return import(/* webpackIgnore: true */ /* @vite-ignore */ name);
}

/** Compiles rngkit.wasm, which lies beside this file (a bundler copies it along). */
export async function compile() {
  const url = new URL('./rngkit.wasm', import.meta.url);
  if (isNode && url.protocol === 'file:') {
    const { readFile } = await nodeModule('node:fs/promises');
    return WebAssembly.compile(await readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`rngkit: cannot load ${url}: HTTP ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * An instance of the module: `call(op, fields)` sends one JSON request and
 * returns its `ok`, or throws RngkitError with its `error`.
 */
export function instantiate(module) {
  let exports = new WebAssembly.Instance(module, {}).exports;
  // Counts the instances: a generator kept in an earlier one is gone.
  let epoch = 0;
  const engine = {
    get exports() {
      return exports;
    },
    get epoch() {
      return epoch;
    },
    /** The JSON answer of the last call, as text (its length from the module). */
    output(len = exports.rngkit_output_len()) {
      return decoder.decode(new Uint8Array(exports.memory.buffer, exports.rngkit_output(), len));
    },
    /** Runs `f` on the exports; a trap leaves the instance unusable, so a fresh one replaces it. */
    guard(f) {
      try {
        return f(exports);
      } catch (err) {
        if (!(err instanceof WebAssembly.RuntimeError)) throw err;
        exports = new WebAssembly.Instance(module, {}).exports;
        epoch++;
        throw new Error(`rngkit: internal error in the engine (${err.message}); please report the inputs`);
      }
    },
    call(op, fields = {}) {
      const bytes = encoder.encode(JSON.stringify({ op, ...fields }));
      const text = engine.guard((e) => {
        const ptr = e.rngkit_input(bytes.length);
        new Uint8Array(e.memory.buffer, ptr, bytes.length).set(bytes);
        const len = e.rngkit_call();
        // Read the memory only now: the call may have grown it.
        return engine.output(len);
      });
      return unwrap(JSON.parse(text));
    },
  };
  return engine;
}

/** `{"ok": ...}` to its value; `{"error": ...}` thrown. */
export function unwrap(answer) {
  if ('error' in answer) throw new RngkitError(answer.error);
  return answer.ok;
}

/** Text of a number, BigInt or string argument, as the CLI would read it typed. */
export function argText(value, { bigint = true } = {}) {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return String(value);
    case 'bigint':
      // Where a number is needed, the BigInt is refused in the CLI's words
      // for the text `10n`.
      return bigint ? value.toString() : `${value}n`;
    default:
      return `${value === null ? 'null' : typeof value}`;
  }
}
