// The loader of rngkit.wasm: plain exports, one JSON call (see the
// documentation of crates/rngkit-wasm). Used by the page and by its worker.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An answer's `error`: a one-line message about the input. */
export class EngineError extends Error {}

/** Loads the module; resolves to an object with call(op, fields). */
export async function load(url = new URL('rngkit.wasm', import.meta.url)) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status} (build it with scripts/build-web)`);
  const module = await WebAssembly.compile(await response.arrayBuffer());
  let exports = (await WebAssembly.instantiate(module, {})).exports;
  return {
    /** Sends {op, ...fields}; returns the answer's `ok`, throws EngineError with its `error`. */
    call(op, fields = {}) {
      const { memory, rngkit_input, rngkit_call, rngkit_output } = exports;
      const bytes = encoder.encode(JSON.stringify({ op, ...fields }));
      let text;
      try {
        const ptr = rngkit_input(bytes.length);
        new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
        const len = rngkit_call();
        // Read the memory only now: the call may have grown it.
        text = decoder.decode(new Uint8Array(memory.buffer, rngkit_output(), len));
      } catch (err) {
        // A trap leaves the instance unusable: start a fresh one.
        exports = new WebAssembly.Instance(module, {}).exports;
        throw new Error(`internal error in the engine (${err.message}); please report the inputs`);
      }
      const answer = JSON.parse(text);
      if ('error' in answer) throw new EngineError(answer.error);
      return answer.ok;
    },
  };
}
