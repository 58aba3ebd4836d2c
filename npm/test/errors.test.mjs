// Bad input throws an Error whose message is the CLI's one line (its
// flags named as the package's options: `--seed` as `seed`, `-n` as `n`),
// never a wasm trap, an undefined or a wrong number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cliFails, cliMessage, rngkit } from './helpers.mjs';

const { Generator, RngkitError, recover, detect, distance } = rngkit;

/** The CLI's message for `args` (it must refuse them with exit 2), flags renamed. */
function refusal(args, input, renames = {}) {
  const r = cliFails(args, input);
  assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
  let message = cliMessage(r.stderr);
  for (const [flag, name] of Object.entries(renames)) message = message.replace(flag, name);
  return message;
}

function throwsCli(f, message) {
  assert.throws(f, (err) => {
    assert.ok(err instanceof RngkitError, `${err}`);
    assert.equal(err.message, message);
    return true;
  });
}

test('an unknown GEN', () => {
  throwsCli(() => new Generator('unty', { seed: 1 }), refusal(['gen', 'unty', '--seed', '1', 'u32']));
  throwsCli(() => recover('unty', 'u32 = 1'), refusal(['recover', 'unty'], 'u32 = 1'));
});

test('a bad draw: unknown, wrong arguments', () => {
  const g = new Generator('unity', { seed: 1 });
  for (const draw of ['bogus', 'range-int 1', 'range-int 1 x', 'int 5 1', 'token nope a-z 5']) {
    throwsCli(() => g.draw(draw), refusal(['gen', 'unity', '--seed', '1', ...draw.split(' ')]));
  }
  // The refused draw left the generator where it was.
  assert.equal(g.state, new Generator('unity', { seed: 1 }).state);
});

test('seeds: outside the range, not an integer, a number past 2^53 written out', () => {
  const seed = { '--seed:': 'seed:' };
  throwsCli(() => new Generator('unity', { seed: 99999999999 }), refusal(['gen', 'unity', '--seed', '99999999999', 'u32'], undefined, seed));
  throwsCli(() => new Generator('unity', { seed: 1.5 }), refusal(['gen', 'unity', '--seed', '1.5', 'u32'], undefined, seed));
  throwsCli(() => new Generator('unity', { seed: 2n ** 40n }), refusal(['gen', 'unity', '--seed', String(2n ** 40n), 'u32'], undefined, seed));
  throwsCli(() => new Generator('unity', { seed: NaN }), refusal(['gen', 'unity', '--seed', 'NaN', 'u32'], undefined, seed));
  throwsCli(() => new Generator('dotnet', { seed: 1 }), refusal(['gen', 'dotnet', '--seed', '1', 'u32']));
  throwsCli(() => new Generator('unity', { state: 'zz' }), refusal(['gen', 'unity', '--state', 'zz', 'u32'], undefined, { '--state': 'state' }));
  // A 64-bit seed as a BigInt is taken whole.
  assert.equal(new Generator('splitmix64', { seed: 2n ** 63n }).state, '8000000000000000');
});

test('counts: a BigInt or a fraction where a number is needed', () => {
  const g = new Generator('unity', { seed: 1 });
  const n = { '-n': 'n' };
  throwsCli(() => g.draws('u32', 10n), refusal(['gen', 'unity', '--seed', '1', '-n', '10n', 'u32'], undefined, n));
  throwsCli(() => g.draws('u32', 1.5), refusal(['gen', 'unity', '--seed', '1', '-n', '1.5', 'u32'], undefined, n));
  throwsCli(() => g.draws('u32', -1), refusal(['gen', 'unity', '--seed', '1', '-n', '-1', 'u32'], undefined, n));
  throwsCli(() => g.jump(0.5), refusal(['gen', 'unity', '--seed', '1', '--advance', '0.5', 'u32'], undefined, { '--advance': 'n' }));
  throwsCli(() => new Generator('go', { seed: 1 }).back(1), refusal(['gen', 'go', '--seed', '1', '--advance=-1', 'u32']));
});

test('bad observations', () => {
  for (const [gen, obs] of [['unity', 'value = 2'], ['unity', 'nonsense'], ['unity', 'u32 = x'], ['mt19937', 'u32 = 1\nbogus = 3']]) {
    const message = refusal(['recover', gen], obs);
    assert.throws(() => recover(gen, obs), (err) => {
      assert.ok(err instanceof RngkitError);
      // The CLI names its input (`stdin`), the package `the observation list`.
      assert.equal(err.message, message.replace(/^stdin: /, 'the observation list: '));
      return true;
    });
  }
  // The CLI names its input: `stdin: no observations: ...`.
  throwsCli(() => detect(''), refusal(['detect'], '', { 'stdin: ': '' }));
  throwsCli(() => distance('unity', '1 2 3', '1 2 3 4'), refusal(['distance', 'unity', '--from', '1 2 3', '--to', '1 2 3 4'], undefined, { '--from': 'from' }));
});

test('wrong types are refused with a line, never a trap', () => {
  assert.throws(() => new Generator('unity', { seed: {} }), /seed: give an integer/);
  assert.throws(() => new Generator('unity', { sed: 1 }), /unknown option `sed`/);
  assert.throws(() => new Generator('unity'), /give a seed, a string seed or a state/);
  assert.throws(() => new Generator('unity', { seed: 1 }).draw(7), /draw: give text/);
  assert.throws(() => recover('unity', 5), /observations: give text/);
});
