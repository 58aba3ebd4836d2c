// Every export of the package, used as a TypeScript program would:
// `tsc --strict --noEmit` must accept it (scripts/test-npm).
import {
  Generator, generators, recover, detect, distance, locate, seedSearch,
  RngkitError, Underdetermined, NoSolution,
  type DrawValue, type Detection, type Fit, type GeneratorInfo, type Integer,
  type Observations, type SearchProgress, type Seeding,
} from 'rngkit';

const unity = new Generator('unity', { seed: 0 });
const value: DrawValue = unity.draw('value');
const many: DrawValue[] = unity.draws('range-int 1 7', 10);
const state: string = unity.state;
const copy: Generator = unity.clone().jump(10n).back(3).jump('0x10');
const seeding: Seeding = { state };
const again = new Generator('unity', seeding);
const fromText = new Generator('unity', { seedStr: 'hello' });
const pcg = new Generator('pcg32', { seed: 42, stream: 54 });
const n: Integer = 5;
const infos: GeneratorInfo[] = generators();
const names: string[] = infos.map((g) => g.name);
const observed: Observations = many.map((v) => `range-int 1 7 = ${String(v)}`);

try {
  const found: Generator = recover('unity', observed, { fresh: false });
  console.log(found.state, found.gen);
} catch (err) {
  if (err instanceof Underdetermined) {
    const count: bigint = err.count;
    const states: Generator[] = err.states;
    console.log(count, err.countBound, err.countText, err.hint, states.length);
  } else if (err instanceof NoSolution) {
    console.log(err.message);
  } else if (err instanceof RngkitError) {
    console.log(err.message);
  }
}

const detection: Detection = detect(['0.5', '0.25']);
const fits: Fit[] = detection.fits;
const steps: bigint = distance('unity', unity, copy, { signed: true, max: n });
const at: number[] = locate(again, ['u32 = 1'], { max: 1000 });
const controller = new AbortController();
const search: Promise<{ seed: bigint; advance: number }[]> = seedSearch('unity', 'u32 = 1', {
  seeds: '0..1000',
  maxAdvance: 2,
  signal: controller.signal,
  onProgress: (p: SearchProgress) => console.log(p.done / p.total, p.matches),
});
console.log(value, state, names, fits, steps, at, fromText.toString(), pcg.draws('u32', 2), search);
