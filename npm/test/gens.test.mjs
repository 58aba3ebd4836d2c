// Every GEN's first values through the package equal the CLI's (`rngkit
// gen`): every draw of every GEN, its arguments filled with small values,
// from a seed (or, for GENs that cannot be seeded, a state), and the raw
// word after jumps forward and back; where the CLI refuses the arguments, the package refuses them with
// the same line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, cliFails, cliMessage, rngkit } from './helpers.mjs';

const { Generator, generators } = rngkit;

// A value for each argument name the draws' syntax uses.
const ARGS = {
  MIN: '1', MAX: '7', N: '6', K: '3', A: '1', B: '7', LOW: '1', HIGH: '7', MEAN: '0', SD: '1',
  MU: '0', SIGMA: '1', LOC: '0', SCALE: '1', BOUND: '10', ORIGIN: '2', TEXT: 'abcdef', LEN: '5',
  START: '0', STOP: '10', STEP: '2', X: '1.5', FROM: '1', TO: '7', LAMBDA: '3', SIZE: '10',
  PROB: '0.5', IDIOM: null,
};

/**
 * The draw texts to try for a draw syntax (`range-int MIN MAX` ->
 * `range-int 1 7`; `token IDIOM ALPHABET LENGTH`: each of the GEN's idioms).
 */
function drawTexts(syntax, idioms) {
  if (syntax.startsWith('token ')) return idioms.map((i) => `token ${i} a-z0-9 12`);
  const required = syntax.replace(/\s*\[.*\]/, '').split(' ');
  const args = required.slice(1).map((a) => ARGS[a]);
  if (args.includes(null) || args.includes(undefined)) return [];
  return [[required[0], ...args].join(' ')];
}

/** The bits of a double or, widened from one, a float, as `--hex` prints them. */
function hexBits(v, width) {
  const view = new DataView(new ArrayBuffer(8));
  if (width === 8) {
    assert.equal(Math.fround(v), v, `${v} is not a float`);
    view.setFloat32(0, v);
    return `0x${view.getUint32(0).toString(16).padStart(8, '0')}`;
  }
  view.setFloat64(0, v);
  return `0x${view.getBigUint64(0).toString(16).padStart(16, '0')}`;
}

// The draws that call the C library's log, exp, cos or pow (rngkit's
// cmath): their last bit differs between C libraries (docs: "glibc is not
// correctly rounded"), and the wasm build has Rust's own, so there they may
// differ from the CLI's in the last bit, and no more.
const LIBM_DRAWS = new Set(['normal-libstdcxx', 'normal-libcxx', 'gauss', 'normal', 'normalvariate',
  'lognormvariate', 'expovariate', 'rpois', 'rnorm', 'randfn', 'standard-normal', 'exponential']);

/** Whether `a` and `b` (hex bit patterns of doubles) are at most one unit in the last place apart. */
function oneUlp(a, b) {
  const d = BigInt(a) - BigInt(b);
  return d >= -1n && d <= 1n && a.length === 18;
}

/** Checks one value against the CLI's decimal line and (for floats) its `--hex` line. */
function same(v, text, hex, where) {
  if (Array.isArray(v)) {
    const parts = text.split(' ');
    const hexParts = hex?.split(' ');
    assert.equal(v.length, parts.length, where);
    v.forEach((x, i) => same(x, parts[i], hexParts?.[i], where));
  } else if (v instanceof Uint8Array) {
    assert.equal(Buffer.from(v).toString('hex'), text, where);
  } else if (typeof v === 'number') {
    if (/^-?\d+$/.test(text)) {
      assert.equal(v, Number(text), where);
      assert.ok(Number.isSafeInteger(v), where);
    } else {
      assert.ok(hex !== undefined, `${where}: no --hex line`);
      const bits = hexBits(v, hex.length - 2);
      if (LIBM_DRAWS.has(where.split(' ')[1]) && oneUlp(bits, hex)) return;
      assert.equal(bits, hex, `${where}: ${v} vs ${text}`);
    }
  } else if (typeof v === 'bigint') {
    assert.equal(v, BigInt(text), where);
  } else {
    assert.equal(String(v), text, where);
  }
}

test('every draw of every GEN gives the CLI\'s values', () => {
  const gens = generators();
  // The package lists the GENs the CLI knows, in its order.
  const known = cliMessage(cliFails(['gen', 'no-such-gen', '--seed', '1', 'u32']).stderr);
  assert.equal(gens.map((g) => g.name).join(', '), known.split('expected one of: ')[1]);
  let checked = 0;
  const mismatches = [];
  for (const g of gens) {
    const seeded = g.seedKind !== 'none';
    // A seed, or for the GENs the OS seeds a state: the 1 of each word.
    const state = seeded ? undefined : cli(['state', g.name, '--state', Array(g.wordCount).fill('1').join(' ')]);
    // Its draws are the ones the CLI lists.
    const listed = cliMessage(cliFails(['gen', g.name, ...(seeded ? ['--seed', '1'] : ['--state', state]), 'no-such-draw']).stderr);
    assert.equal(g.draws.join(', '), listed.split('its draws are: ')[1], g.name);
    for (const syntax of g.draws) {
      for (const draw of drawTexts(syntax, g.idioms)) {
        // After a jump too, for the first draw (the raw word).
        for (const advance of syntax === 'u32' ? ['0', '1000', '-3'] : ['0']) {
          const source = seeded ? ['--seed', '1'] : ['--state', state];
          const args = ['gen', g.name, ...source, `--advance=${advance}`, '-n', '3', ...draw.split(' ')];
          const where = `${g.name} ${draw} (advance ${advance})`;
          const make = () => new Generator(g.name, seeded ? { seed: 1 } : { state }).jump(advance);
          const refused = cliFails(args);
          if (refused.status !== 0) {
            assert.throws(() => make().draws(draw, 3), { message: cliMessage(refused.stderr) }, where);
            continue;
          }
          const values = make().draws(draw, 3);
          const lines = refused.stdout.split('\n');
          const floats = values.some((v) => typeof v === 'number' && !Number.isInteger(v))
            || values.some((v) => Array.isArray(v) && v.some((x) => typeof x === 'number'));
          const hex = floats ? cli([...args.slice(0, 1), '--hex', ...args.slice(1)]).split('\n') : [];
          assert.equal(values.length, lines.length, where);
          try {
            values.forEach((v, i) => same(v, lines[i], hex[i], `${where} #${i}`));
          } catch (err) {
            mismatches.push(err.message.split('\n')[0]);
          }
          checked++;
        }
      }
    }
  }
  assert.deepEqual(mismatches, []);
  assert.ok(checked > 800, `only ${checked} draws checked`);
});
