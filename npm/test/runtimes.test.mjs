// A plain script importing the package, run by Node.js 20 (on PATH) and by
// Node.js 26 (from npm, scripts/install-runtimes): it reproduces Unity and
// the running process's own Math.random (started with --random-seed=S:
// v8-legacy in Node.js 20, v8-14 in Node.js 26), recovers a Unity state, and
// an unknown GEN throws; the test compares what it prints with the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cli, cliFails, cliMessage, npmNode, packageDir, runNode } from './helpers.mjs';

const script = (gen) => `
import { Generator, recover } from '${pathToFileURL(path.join(packageDir, 'index.js')).href}';
const own = Array.from({ length: 10 }, () => Math.random());
const mine = new Generator('${gen}', { seed: 5 }).draws('math-random', 10);
console.log(JSON.stringify(own) === JSON.stringify(mine));
console.log(new Generator('unity', { seed: 0 }).draws('value', 3).map(Math.fround).join(' '));
const seen = new Generator('unity', { seed: -7 }).jump(100).draws('range-int 0 2147483646', 8);
console.log(recover('unity', seen.map((v) => 'range-int 0 2147483646 = ' + v)).state);
try { new Generator('unty', { seed: 1 }); console.log('no error'); } catch (e) { console.log(e.message); }
`;

function check(node, gen) {
  const out = runNode(node, ['--random-seed=5'], script(gen));
  assert.equal(out[0], 'true', `${gen}: the process's own Math.random`);
  assert.equal(out[1], cli(['gen', 'unity', '--seed', '0', '-n', '3', 'value']).split('\n').map(Number).map(Math.fround).join(' '));
  const seen = cli(['gen', 'unity', '--seed', '-7', '--advance', '100', '-n', '8', 'range-int', '0', '2147483646']);
  assert.equal(out[2], cli(['recover', 'unity'], seen.split('\n').map((v) => `range-int 0 2147483646 = ${v}`).join('\n')));
  assert.equal(out[3], cliMessage(cliFails(['gen', 'unty', '--seed', '1', 'u32']).stderr));
}

test('a Node.js 20 script: Unity, its own Math.random (v8-legacy), recover, an unknown GEN', () => {
  check(process.execPath, 'v8-legacy');
});

test('a Node.js 26 script: Unity, its own Math.random (v8-14), recover, an unknown GEN', (t) => {
  const node26 = npmNode(26);
  if (node26 === undefined) return t.skip('Node.js 26 missing');
  check(node26, 'v8-14');
});
