// The npm package in headless Chromium: a page served by a plain static
// server imports the package's own files (the tarball of scripts/build-npm,
// unpacked, in $RNGKIT_NPM_DIR) as an ES module, with no bundler; its
// values, a recovery, a refusal and a seed search in a Web Worker are
// compared with the rngkit command line. Run by scripts/test-web.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { serve, browser, cli, rngkitBin } from './harness.mjs';

const packageDir = process.env.RNGKIT_NPM_DIR;
let dir;
let server;
let chrome;

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>rngkit package</title>
<script type="module">
  import { Generator, recover, seedSearch, generators } from './node_modules/rngkit/index.js';
  const result = {};
  result.unity = new Generator('unity', { seed: 0 }).draws('value', 5);
  result.legacy = new Generator('v8-legacy', { seed: 7 }).draws('math-random', 5);
  result.u64 = String(new Generator('splitmix64', { seed: 1 }).draw('u64'));
  const seen = new Generator('unity', { seed: 12345 }).draws('value', 8);
  result.recovered = recover('unity', seen.map((v) => 'value = ' + v)).state;
  try { new Generator('unty', { seed: 1 }); } catch (e) { result.unknown = e.name + ': ' + e.message; }
  result.gens = generators().length;
  const progress = [];
  const obs = ['u32 = ' + new Generator('unity', { seed: 4242 }).draw('u32')];
  const found = await seedSearch('unity', obs, { seeds: '0..100000', onProgress: (p) => progress.push(p.done) });
  result.search = found.map((m) => String(m.seed));
  result.progress = progress.at(-1);
  window.result = result;
</script>`;

before(async () => {
  assert.ok(packageDir, 'RNGKIT_NPM_DIR: the unpacked package (scripts/test-web sets it)');
  dir = await mkdtemp(path.join(tmpdir(), 'rngkit-npm-page-'));
  await cp(packageDir, path.join(dir, 'node_modules', 'rngkit'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), PAGE);
  server = await serve(dir);
  chrome = await browser();
});

after(async () => {
  await chrome?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('the package imported by a page, with no bundler, gives the CLI\'s answers', async () => {
  const page = await chrome.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => window.result !== undefined || false, null, { timeout: 120000 });
  const r = await page.evaluate(() => window.result);
  assert.deepEqual(errors, []);
  assert.deepEqual(r.unity.map(Math.fround), cli(['gen', 'unity', '--seed', '0', '-n', '5', 'value']).split('\n').map(Number).map(Math.fround));
  assert.deepEqual(r.legacy, cli(['gen', 'v8-legacy', '--seed', '7', '-n', '5', 'math-random']).split('\n').map(Number));
  assert.equal(r.u64, cli(['gen', 'splitmix64', '--seed', '1', 'u64']));
  const seen = cli(['gen', 'unity', '--seed', '12345', '-n', '8', 'value']).split('\n').map((v) => `value = ${v}`).join('\n');
  assert.equal(r.recovered, cli(['recover', 'unity'], seen));
  const refused = spawnSync(rngkitBin, ['gen', 'unty', '--seed', '1', 'u32'], { encoding: 'utf8' });
  assert.equal(r.unknown, `RngkitError: ${refused.stderr.trim().replace(/^error: invalid value 'unty' for '<GEN>': /, '')}`);
  assert.ok(r.gens > 50);
  const obs = `u32 = ${cli(['gen', 'unity', '--seed', '4242', 'u32'])}`;
  assert.deepEqual(r.search, cli(['seed-search', 'unity', '--seeds', '0..100000'], obs).split('\n'));
  assert.equal(r.progress, 100000);
});
