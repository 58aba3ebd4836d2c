// Types of the `rngkit` package (index.js).

/** A refusal: `message` is the command line's one line. */
export class RngkitError extends Error {
  name: string;
}

/** Several states fit the observations (the CLI's exit 3). */
export class Underdetermined extends RngkitError {
  /** How many states fit: exact, or the power of two `countBound` qualifies. */
  readonly count: bigint;
  /** `'exact'`, `'at most'` (a bound) or `'about'` (an estimate). */
  readonly countBound: 'exact' | 'at most' | 'about';
  /** The count as the CLI writes it (`2`, `2^17`, `about 2^40`). */
  readonly countText: string;
  /** What to add to pin one state. */
  readonly hint: string;
  /** The states that fit, when the recovery listed them (up to 16). */
  readonly states: Generator[];
}

/** No state fits the observations (the CLI's exit 1). */
export class NoSolution extends RngkitError {}

/** An integer as a number, a BigInt (any width) or the CLI's text (`'0x1f'`, `'-5'`). */
export type Integer = number | bigint | string;

/** How a generator starts: exactly one of `seed`, `seedStr` and `state`. */
export type Seeding =
  | { seed: Integer; seedStr?: undefined; state?: undefined; stream?: Integer }
  | { seedStr: string; seed?: undefined; state?: undefined; stream?: Integer }
  | { state: string; seed?: undefined; seedStr?: undefined; stream?: undefined };

/**
 * A value of a draw: a number (32-bit integers, floats, doubles), a bigint
 * (64-bit and larger integers), a boolean, a string (tokens), an array
 * (vectors: numbers; seed-and-gamma pairs: bigints) or bytes.
 */
export type DrawValue = number | bigint | boolean | string | number[] | bigint[] | Uint8Array;

/** A generator of one GEN at one state. */
export class Generator {
  /** `new Generator('unity', { seed: 0 })`, `{ state: '...' }` or `{ seedStr: 'text' }`. */
  constructor(gen: string, options: Seeding);
  /** The GEN's name. */
  readonly gen: string;
  /** The state as `rngkit state` prints it (what `{ state }` reads). */
  readonly state: string;
  /** One value of `draw`, the CLI's draw text (`'value'`, `'range-int 1 7'`, `'u64'`). */
  draw(draw: string): DrawValue;
  /** `n` values of `draw`. */
  draws(draw: string, n: number): DrawValue[];
  /** Moves `n` raw steps (any size; negative goes back where the GEN can jump). */
  jump(n: Integer): this;
  /** Moves `n` raw steps back (default 1). */
  back(n?: Integer): this;
  /** An independent copy. */
  clone(): Generator;
  toString(): string;
}

/** A GEN of the catalogue. */
export interface GeneratorInfo {
  name: string;
  aliases: string[];
  summary: string;
  /** `'u32'`, `'i32'`, `'u64'`, `'i64'`, `'unbounded'`, `'none'` (seeded by the OS: give a state). */
  seedKind: string;
  seedDoc: string;
  stateDoc: string;
  hasStream: boolean;
  outputBits: number;
  wordBits: number;
  wordCount: number;
  /** Its draws, in the CLI's syntax (`'range-int MIN MAX'`). */
  draws: string[];
  /** The token idioms of `token IDIOM ALPHABET LENGTH`. */
  idioms: string[];
  jump: boolean;
  distance: boolean;
  recover: boolean;
  search: boolean;
  period: bigint | null;
}

/** Every GEN, in the CLI's order. */
export function generators(): GeneratorInfo[];

/** Observations: the text `rngkit recover` reads, or its lines. */
export type Observations = string | readonly string[];

/** The state before the first observation, as `rngkit recover` prints it. */
export function recover(gen: string, observations: Observations, options?: { fresh?: boolean; stream?: Integer }): Generator;

/** One GEN that fits, in `detect`'s answer. */
export interface Fit {
  gen: string;
  draw: string;
  decisive: boolean;
  family: string[];
  state?: string;
  states?: string[];
  seed?: bigint;
  advance?: number;
}

/** `detect`'s answer. */
export interface Detection {
  verdict: 'identified' | 'ambiguous' | 'underdetermined' | 'none';
  fits: Fit[];
  /** Why no one GEN was identified (`null` when one was). */
  message: string | null;
  /** The readings left open, and why. */
  open: { gen: string; draw: string; why: string }[];
}

/** Which generator made these values (bare values one a line, or observation lines). */
export function detect(observations: Observations): Detection;

/** The steps from `from` to `to` (Generators or state texts). */
export function distance(gen: string, from: Generator | string, to: Generator | string, options?: { max?: Integer; signed?: boolean }): bigint;

/** Every advance n (0 <= n <= max, default 1000000) where the observations fit the generator's stream. */
export function locate(generator: Generator, observations: Observations, options?: { max?: number }): number[];

/** A seed search's progress. */
export interface SearchProgress {
  done: number;
  total: number;
  matches: number;
}

/** The seeds whose streams give the observations (off the main thread). */
export function seedSearch(
  gen: string,
  observations: Observations,
  options?: {
    seeds?: string;
    maxAdvance?: number;
    stream?: Integer;
    signal?: AbortSignal;
    onProgress?: (progress: SearchProgress) => void;
  },
): Promise<{ seed: bigint; advance: number }[]>;
