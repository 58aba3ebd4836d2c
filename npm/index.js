// rngkit for JavaScript: the generators of games, engines and language
// runtimes reproduced bit for bit, and their analyses (recover, detect,
// seed search), on the wasm engine of the workbench page. A thin layer: every
// check and every message is the engine's, in the command line's words.

import { RngkitError, argText, compile, instantiate, isNode, nodeModule, unwrap } from './engine.js';

export { RngkitError };

// Top-level await: the engine is ready when the import resolves.
const module = await compile();
const engine = instantiate(module);
const call = engine.call;

/** Several states fit the observations (the CLI's exit 3). */
export class Underdetermined extends RngkitError {
  constructor(message, { count, countBound, countText, hint, states }) {
    super(message);
    this.name = 'Underdetermined';
    /** How many states fit (an exact count, or the power of two `countBound` qualifies). */
    this.count = count;
    /** `'exact'`, `'at most'` (a bound) or `'about'` (an estimate). */
    this.countBound = countBound;
    /** The count as the CLI writes it (`2`, `2^17`, `about 2^40`). */
    this.countText = countText;
    /** What to add to pin one state. */
    this.hint = hint;
    /** The states that fit, as generators (when the recovery listed them, up to 16). */
    this.states = states;
  }
}

/** No state fits the observations (the CLI's exit 1). */
export class NoSolution extends RngkitError {
  constructor(message) {
    super(message);
    this.name = 'NoSolution';
  }
}

function fail(message) {
  throw new RngkitError(message);
}

function textArg(what, value) {
  if (typeof value !== 'string') fail(`${what}: give text (a string), not ${describe(value)}`);
  return value;
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** A number, BigInt or string where an integer of any width is read. */
function intArg(what, value) {
  if (!['number', 'bigint', 'string'].includes(typeof value)) {
    fail(`${what}: give an integer (a number, a BigInt or a string), not ${describe(value)}`);
  }
  return argText(value);
}

/** A count: a number (a BigInt is refused, in the words the CLI has for `10n`). */
function countArg(what, value) {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 0xffffffff) {
    return value;
  }
  if (!['number', 'bigint', 'string'].includes(typeof value)) {
    fail(`${what}: give a count (a number), not ${describe(value)}`);
  }
  // The engine's words for what `-n` would refuse.
  const n = Number(call('count', { what, text: argText(value, { bigint: false }) }));
  if (typeof value === 'string') fail(`${what}: give a count as a number, not the string '${value}'`);
  fail(`${what}: ${n} values do not fit a JavaScript array (at most 4294967295)`);
}

/** Observations: the text the CLI reads (one a line), or an array of lines. */
function observationText(observations) {
  if (Array.isArray(observations)) {
    return observations.map((line) => textArg('observations', line)).join('\n');
  }
  return textArg('observations', observations);
}

function source(options) {
  if (options === null || typeof options !== 'object') {
    fail(`options: give { seed }, { seedStr } or { state }, not ${describe(options)}`);
  }
  const known = ['seed', 'seedStr', 'state', 'stream'];
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) fail(`unknown option \`${key}\`; the options are ${known.join(', ')}`);
  }
  const given = ['seed', 'seedStr', 'state'].filter((k) => options[k] !== undefined);
  if (given.length === 0) fail('give a seed, a string seed or a state: { seed }, { seedStr } or { state }');
  if (given.length > 1) fail(`give one of seed, seedStr and state, not ${given.join(' and ')}`);
  const out = {};
  if (options.stream !== undefined) out.stream = intArg('stream', options.stream);
  if (options.seed !== undefined) out.seed = intArg('seed', options.seed);
  if (options.seedStr !== undefined) out.seed_str = textArg('seedStr', options.seedStr);
  if (options.state !== undefined) out.state = textArg('state', options.state);
  return out;
}

// A generator's slot in the engine is freed when the object is collected
// (unless the engine restarted since: the slot is another's then).
const slots = new FinalizationRegistry(([id, epoch]) => {
  if (epoch === engine.epoch) engine.guard((e) => e.rngkit_free(id));
});
const wrap = Symbol('wrap');

/** The most values one call into the engine writes (its limit). */
const BATCH = 1 << 20;

/** A value of the JSON path to its JavaScript form. */
function fromJson(v) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  if ('bigint' in v) return BigInt(v.bigint);
  if ('bigints' in v) return v.bigints.map((x) => BigInt(x));
  if ('bytes' in v) return Uint8Array.from(v.bytes.match(/../g) ?? [], (h) => parseInt(h, 16));
  return v;
}

/**
 * A generator of one GEN: `new Generator('unity', { seed: 0 })`, `{ state }`
 * (the CLI's state text) or `{ seedStr }`, with `stream` for PCG streams.
 */
export class Generator {
  #slot;
  #epoch;
  #gen;
  #prepared = null;

  constructor(gen, options) {
    if (gen === wrap) {
      [this.#slot, this.#gen] = options;
    } else {
      const { id, gen: name } = call('gen_new', { gen: textArg('gen', gen), source: source(options ?? {}) });
      this.#slot = id;
      this.#gen = name;
    }
    this.#epoch = engine.epoch;
    slots.register(this, [this.#slot, this.#epoch]);
  }

  /** The engine slot; a generator from before an engine restart is gone. */
  get #id() {
    if (this.#epoch !== engine.epoch) {
      fail(`this ${this.#gen} generator was lost when the engine restarted after an internal error`);
    }
    return this.#slot;
  }

  /** The GEN's name (an alias given to the constructor becomes the name). */
  get gen() {
    return this.#gen;
  }

  /** The state as `rngkit state` prints it (what `{ state }` reads back). */
  get state() {
    return call('gen_state', { id: this.#id });
  }

  /** One value of `draw` (the CLI's draw text): a number, a BigInt, a string, ... as the draw is. */
  draw(draw) {
    return this.#draws(draw, 1)[0];
  }

  /** `n` values of `draw`, in one call into the engine per million. */
  draws(draw, n) {
    return this.#draws(draw, countArg('n', n));
  }

  #draws(draw, n) {
    textArg('draw', draw);
    if (this.#prepared !== draw) {
      this.#prepared = null;
      call('gen_prepare', { id: this.#id, draw });
      this.#prepared = draw;
    }
    const out = new Array(n);
    let filled = 0;
    while (filled < n || n === 0) {
      const batch = Math.min(n - filled, BATCH);
      const json = engine.guard((e) => {
        const kind = e.rngkit_draws(this.#id, batch);
        if (kind === 0) return engine.output();
        const ptr = e.rngkit_values();
        const view =
          kind === 2 ? new BigUint64Array(e.memory.buffer, ptr, batch)
            : kind === 3 ? new BigInt64Array(e.memory.buffer, ptr, batch)
              : new Float64Array(e.memory.buffer, ptr, batch);
        if (kind === 4) {
          for (let i = 0; i < batch; i++) out[filled + i] = view[i] !== 0;
        } else {
          for (let i = 0; i < batch; i++) out[filled + i] = view[i];
        }
        return null;
      });
      if (json !== null) {
        const values = unwrap(JSON.parse(json));
        for (let i = 0; i < batch; i++) out[filled + i] = fromJson(values[i]);
      }
      filled += batch;
      if (n === 0) break;
    }
    return out;
  }

  /** Moves `n` raw steps (one step is one output word), as `--advance n`: any size, negative to go back. */
  jump(n) {
    call('gen_advance', { id: this.#id, what: 'n', steps: intArg('n', n) });
    return this;
  }

  /** Moves `n` raw steps back (default 1), for the GENs that can jump. */
  back(n = 1) {
    const text = intArg('n', n).trim();
    const negated = text.startsWith('-') ? text.slice(1) : `-${text}`;
    call('gen_advance', { id: this.#id, what: 'n', steps: negated });
    return this;
  }

  /** An independent copy at the same state. */
  clone() {
    return new Generator(wrap, [call('gen_clone', { id: this.#id }), this.#gen]);
  }

  /** `Generator(unity, 00000000 00000001 ...)`. */
  toString() {
    return `Generator(${this.#gen}, ${this.state})`;
  }

  /** @internal The engine slot (locate reads the stream from it). */
  static slotOf(g) {
    return g.#id;
  }
}

const slotOf = Generator.slotOf;
delete Generator.slotOf;

/**
 * Every GEN: its name, aliases, seeds, draws (the CLI's syntax) and what
 * can be cracked.
 */
export function generators() {
  return call('gens').map((g) => ({
    name: g.name,
    aliases: g.aliases,
    summary: g.summary,
    seedKind: g.seed_kind,
    seedDoc: g.seed_doc,
    stateDoc: g.state_doc,
    hasStream: g.has_stream,
    outputBits: g.output_bits,
    wordBits: g.word_bits,
    wordCount: g.word_count,
    // The CLI's list: the token draw where the GEN has idioms.
    draws: [...g.draws.map((d) => d.syntax), ...(g.idioms.length > 0 ? ['token IDIOM ALPHABET LENGTH'] : [])],
    idioms: g.idioms.map((i) => i.name),
    jump: g.jump,
    distance: g.distance,
    recover: g.recover,
    search: g.search,
    period: g.period === null ? null : BigInt(g.period),
  }));
}

function optionsArg(options, known) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') fail(`options: give an object, not ${describe(options)}`);
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) fail(`unknown option \`${key}\`; the options are ${known.join(', ')}`);
  }
  return options;
}

/**
 * The state just before the first observation, as `rngkit recover` prints
 * it: a Generator whose draws repeat the observed values and go on. Throws
 * Underdetermined when several states fit, NoSolution when none does.
 */
export function recover(gen, observations, options) {
  const { fresh = false, stream } = optionsArg(options, ['fresh', 'stream']);
  if (typeof fresh !== 'boolean') fail(`fresh: give true or false, not ${describe(fresh)}`);
  const name = textArg('gen', gen);
  const answer = call('recover', {
    gen: name,
    observations: observationText(observations),
    fresh,
    listed: 'error',
    ...(stream === undefined ? {} : { stream: intArg('stream', stream) }),
  });
  if (answer.status === 'unique') return new Generator(name, { state: answer.state });
  if (answer.status === 'none') throw new NoSolution(answer.message);
  const [countBound, digits, log2] = answer.count_parts;
  const message = answer.message;
  throw new Underdetermined(message, {
    count: digits !== null ? BigInt(digits) : 2n ** BigInt(log2),
    countBound,
    countText: answer.count,
    hint: message.includes('; ') ? message.slice(message.indexOf('; ') + 2) : message,
    states: answer.states.map((state) => new Generator(name, { state })),
  });
}

/**
 * Which generator made these values (bare values one a line, or observation
 * lines), as `rngkit detect` answers, single-threaded.
 */
export function detect(observations) {
  const d = call('detect', { values: observationText(observations) });
  return {
    verdict: d.verdict,
    fits: d.fits.map((f) => {
      const fit = { gen: f.gen, draw: f.draw, decisive: f.decisive, family: f.family };
      if (f.state !== undefined) fit.state = f.state;
      if (f.states !== undefined) fit.states = f.states;
      if (f.seed !== undefined) {
        fit.seed = BigInt(f.seed);
        fit.advance = Number(f.advance);
      }
      return fit;
    }),
    message: d.message,
    open: d.open,
  };
}

function stateArg(what, value) {
  if (value instanceof Generator) return value.state;
  return textArg(what, value);
}

/**
 * The smallest n >= 0 with `from` advanced n steps equal to `to` (Generators
 * or state texts), as `rngkit distance`; `{ signed: true }` gives the
 * representative in (-period/2, period/2]; `max` bounds a search.
 */
export function distance(gen, from, to, options) {
  const { max, signed = false } = optionsArg(options, ['max', 'signed']);
  const answer = call('distance', {
    gen: textArg('gen', gen),
    from: stateArg('from', from),
    to: stateArg('to', to),
    ...(max === undefined ? {} : { max: intArg('max', max) }),
  });
  return BigInt(signed && answer.signed !== null ? answer.signed : answer.distance);
}

/**
 * Every advance n (0 <= n <= max, default 1000000) at which the
 * observations fit the stream of `generator`, as `rngkit locate`.
 */
export function locate(generator, observations, options) {
  if (!(generator instanceof Generator)) fail(`locate: give a Generator, not ${describe(generator)}`);
  const { max } = optionsArg(options, ['max']);
  return call('locate', {
    id: slotOf(generator),
    observations: observationText(observations),
    ...(max === undefined ? {} : { max: argText(max, { bigint: false }) }),
  }).map(Number);
}

async function startWorker() {
  if (isNode) {
    const { Worker } = await nodeModule('node:worker_threads');
    const worker = new Worker(new URL('./worker.js', import.meta.url));
    return {
      post: (m) => worker.postMessage(m),
      on: (f) => worker.on('message', f),
      onError: (f) => worker.on('error', f),
      stop: () => worker.terminate(),
    };
  }
  // Written whole, as bundlers recognise it (they bundle worker.js apart).
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  return {
    post: (m) => worker.postMessage(m),
    on: (f) => worker.addEventListener('message', (e) => f(e.data)),
    onError: (f) => worker.addEventListener('error', (e) => f(e.error ?? new Error(e.message))),
    stop: () => worker.terminate(),
  };
}

/**
 * Every seed in `seeds` (`'A..B'`, `'A..=B'`, ...; default all 32-bit seeds)
 * whose stream, advanced by 0..=maxAdvance steps, gives the observations, as
 * `rngkit seed-search`: resolves to `[{ seed, advance }]`. Runs off the main
 * thread (a Web Worker, or worker_threads in Node), reports
 * `onProgress({ done, total, matches })`, and rejects with the signal's
 * reason when `signal` aborts.
 */
export async function seedSearch(gen, observations, options) {
  const { seeds, maxAdvance, stream, signal, onProgress } = optionsArg(options, [
    'seeds', 'maxAdvance', 'stream', 'signal', 'onProgress',
  ]);
  const fields = {
    gen: textArg('gen', gen),
    observations: observationText(observations),
    ...(seeds === undefined ? {} : { seeds: textArg('seeds', seeds) }),
    ...(maxAdvance === undefined ? {} : { max_advance: argText(maxAdvance, { bigint: false }) }),
    ...(stream === undefined ? {} : { stream: intArg('stream', stream) }),
  };
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    fail(`onProgress: give a function, not ${describe(onProgress)}`);
  }
  // Bad input is refused here, on the calling thread, before a worker starts.
  call('search_start', fields);
  signal?.throwIfAborted();
  const worker = await startWorker();
  return new Promise((resolve, reject) => {
    const found = [];
    const finish = (f) => {
      signal?.removeEventListener('abort', abort);
      worker.stop();
      f();
    };
    const abort = () => finish(() => reject(signal.reason));
    signal?.addEventListener('abort', abort, { once: true });
    worker.onError((err) => finish(() => reject(err)));
    worker.on((m) => {
      if (m.error !== undefined) return finish(() => reject(new RngkitError(m.error)));
      for (const { seed, advance } of m.matches) found.push({ seed: BigInt(seed), advance: Number(advance) });
      onProgress?.({ done: Number(m.done), total: Number(m.total), matches: found.length });
      if (m.finished) finish(() => resolve(found));
    });
    worker.post({ module, fields });
  });
}
