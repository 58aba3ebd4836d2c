// recover, detect, distance, locate and seedSearch through the package
// agree with the CLI on fixed inputs; the Node.js GENs equal the real
// runtimes: `node --random-seed=S` for v8-legacy (Node.js 20 on PATH) and
// Node.js 26's Math.random for v8-14, seeded and recovered from three
// values of a fresh process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, cliFails, cliMessage, npmNode, rngkit, runNode } from './helpers.mjs';

const { Generator, recover, detect, distance, locate, seedSearch, Underdetermined, NoSolution } = rngkit;

const lines = (draw, values) => values.map((v) => `${draw} = ${v}`).join('\n');

test('Unity: values and a recovered state as the CLI gives them', () => {
  assert.deepEqual(new Generator('unity', { seed: 0 }).draws('value', 5).map((v) => Math.fround(v)),
    cli(['gen', 'unity', '--seed', '0', '-n', '5', 'value']).split('\n').map(Number).map(Math.fround));
  const observed = cli(['gen', 'unity', '--seed', '12345', '-n', '8', 'value']);
  const obs = lines('value', observed.split('\n'));
  const g = recover('unity', obs);
  assert.equal(g.state, cli(['recover', 'unity'], obs));
  // Drawing from it repeats the observed values and goes on.
  assert.deepEqual(g.draws('value', 8).map((v) => Math.fround(v)), observed.split('\n').map(Number).map(Math.fround));
  assert.deepEqual(g.draws('range-int 1 7', 3), cli(['recover', 'unity', '--predict', '3', 'range-int', '1', '7'], obs).split('\n').map(Number));
});

test('recover: several states and none, with the CLI\'s count and words', () => {
  const seven = lines('value', cli(['gen', 'unity', '--seed', '12345', '-n', '7', 'value']).split('\n'));
  const cliSeveral = cliFails(['recover', 'unity'], seven);
  assert.equal(cliSeveral.status, 3);
  assert.throws(() => recover('unity', seven), (err) => {
    assert.ok(err instanceof Underdetermined);
    assert.equal(err.message, cliMessage(cliSeveral.stderr).replace('(listed on stdout)', '(listed in the error\'s states)'));
    assert.equal(err.count, 2n);
    assert.equal(err.countBound, 'exact');
    assert.equal(err.hint, 'add observations to pin down one');
    assert.deepEqual(err.states.map((s) => s.state), cliSeveral.stdout.split('\n'));
    return true;
  });
  const bits = 'value = 0.5';
  const cliOpen = cliFails(['recover', 'unity'], bits);
  assert.throws(() => recover('unity', bits), (err) => {
    assert.ok(err instanceof Underdetermined);
    assert.equal(err.count, 2n ** 128n);
    assert.equal(err.countBound, 'at most');
    // The CLI adds what a seed search would cost, timed on this machine.
    assert.ok(cliMessage(cliOpen.stderr).startsWith(err.message.split('; a generator seeded')[0]), err.message);
    return true;
  });
  const none = 'u32 = 1\nu32 = 1\nu32 = 1\nu32 = 1\nu32 = 1';
  const cliNone = cliFails(['recover', 'splitmix64'], 'u64 = 1\nu64 = 1');
  assert.equal(cliNone.status, 1);
  assert.throws(() => recover('splitmix64', ['u64 = 1', 'u64 = 1']), (err) => err instanceof NoSolution
    && cliMessage(cliNone.stderr).startsWith(err.message));
  assert.ok(none);
});

test('detect agrees with the CLI', () => {
  for (const [gen, seed, draw, n] of [['v8-legacy', '7', 'math-random', 5], ['glibc', '31337', 'rand', 10]]) {
    const values = cli(['gen', gen, '--seed', seed, '-n', String(n), draw]);
    const d = detect(values);
    const out = cli(['detect'], values);
    assert.equal(d.verdict, 'identified', `${gen}: ${d.message}`);
    const fit = d.fits[0];
    const answer = fit.seed !== undefined ? `seed=${fit.seed}`
      : fit.state !== undefined ? `state=${fit.state}` : `states=${fit.states.length}`;
    assert.equal(`${fit.gen} ${fit.draw} ${answer}`, out.split('\n')[0]);
  }
});

test('distance and locate agree with the CLI', () => {
  const from = new Generator('unity', { seed: 0 });
  const to = from.clone().jump(123456789);
  assert.equal(distance('unity', from, to), BigInt(cli(['distance', 'unity', '--from', from.state, '--to', to.state])));
  assert.equal(distance('unity', to, from.state, { signed: true }),
    BigInt(cli(['distance', 'unity', '--signed', '--from', to.state, '--to', from.state])));
  const later = new Generator('bdsp', { seed: 77 }).jump(20000);
  const blinks = ['bits 0xf = ' + (later.draw('u32') & 0xf), 'skip 7', 'bits 0xf = ' + (later.jump(7).draw('u32') & 0xf)];
  const start = new Generator('bdsp', { seed: 77 });
  const expected = cli(['locate', 'bdsp', '--seed', '77', '--observations', '-', '--max', '30000'], blinks.join('\n'));
  assert.deepEqual(locate(start, blinks, { max: 30000 }), expected.split('\n').map(Number));
  assert.ok(locate(start, blinks, { max: 30000 }).includes(20000));
});

test('seedSearch agrees with the CLI, reports progress and stops on an AbortSignal', async () => {
  const obs = lines('u32', cli(['gen', 'unity', '--seed', '-12345', '--advance', '40', '-n', '2', 'u32']).split('\n'));
  const expected = cli(['seed-search', 'unity', '--seeds=-20000..0', '--max-advance', '100'], obs);
  const progress = [];
  const found = await seedSearch('unity', obs, { seeds: '-20000..0', maxAdvance: 100, onProgress: (p) => progress.push(p) });
  assert.deepEqual(found.map((m) => `${m.seed} advance=${m.advance}`), expected.split('\n'));
  assert.equal(found[0].seed, -12345n);
  assert.ok(progress.length >= 1);
  assert.equal(progress.at(-1).done, 20000);
  assert.equal(progress.at(-1).total, 20000);
  // Abort: the whole 32-bit space would take minutes; the signal stops it.
  const controller = new AbortController();
  const all = seedSearch('unity', obs, { maxAdvance: 100, signal: controller.signal, onProgress: () => controller.abort() });
  await assert.rejects(all, { name: 'AbortError' });
  // Bad input is refused at once, with the CLI's words.
  const bad = cliFails(['seed-search', 'unity', '--seeds', '5..1'], obs);
  await assert.rejects(seedSearch('unity', obs, { seeds: '5..1' }), { message: cliMessage(bad.stderr).replace('--seeds', 'seeds') });
});

const MATH_RANDOM = 'for (let i = 0; i < 20; i++) console.log(Math.random())';

test('v8-legacy equals node --random-seed=S (Node.js 20)', () => {
  for (const seed of [1, 7, 123456, -5]) {
    const node = runNode(process.execPath, [`--random-seed=${seed}`], MATH_RANDOM).map(Number);
    assert.deepEqual(new Generator('v8-legacy', { seed }).draws('math-random', 20), node, `seed ${seed}`);
  }
});

test('v8-14 equals Node.js 26\'s Math.random, seeded and recovered from a fresh process', (t) => {
  const node26 = npmNode(26);
  if (node26 === undefined) return t.skip('Node.js 26 missing');
  for (const seed of [1, 42]) {
    const out = runNode(node26, [`--random-seed=${seed}`], MATH_RANDOM).map(Number);
    assert.deepEqual(new Generator('v8-14', { seed }).draws('math-random', 20), out, `seed ${seed}`);
  }
  // Unseeded: three values of a new process pin its state (`--fresh`).
  const out = runNode(node26, [], MATH_RANDOM).map(Number);
  const g = recover('v8-14', lines('math-random', out.slice(0, 3)).split('\n'), { fresh: true });
  assert.equal(g.state, cli(['recover', 'v8-14', '--fresh'], lines('math-random', out.slice(0, 3))));
  assert.deepEqual(g.draws('math-random', 20), out);
});
