// The package README: its GEN table is the catalogue's (regenerate with
// RNGKIT_BLESS=1), and its examples run as written against the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageDir, rngkit } from './helpers.mjs';

const readmePath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'README.md');
const START = '<!-- generated: gen-table (from generators(); regenerate: RNGKIT_BLESS=1 scripts/test-npm) -->';
const END = '<!-- end: gen-table -->';

function table() {
  const rows = rngkit.generators().map((g) => {
    const names = [g.name, ...g.aliases].map((n) => `\`${n}\``).join(', ');
    const can = ['recover', 'search', 'jump', 'distance'].filter((c) => g[c]).join(', ');
    const seed = g.seedKind === 'none' ? 'state only' : g.seedKind;
    return `| ${names} | ${g.summary.replaceAll('|', '\\|')} | ${seed} | ${can} |`;
  });
  return ['| GEN | reproduces | seed | can |', '|---|---|---|---|', ...rows].join('\n');
}

test('the README\'s table of GENs is the catalogue\'s', () => {
  const text = readFileSync(readmePath, 'utf8');
  const [before, rest] = text.split(START);
  const after = rest.split(END)[1];
  const fresh = `${before}${START}\n${table()}\n${END}${after}`;
  if (process.env.RNGKIT_BLESS === '1') {
    writeFileSync(readmePath, fresh);
    return;
  }
  assert.equal(text, fresh, 'the GEN table is stale: run RNGKIT_BLESS=1 scripts/test-npm');
});

test('the README\'s examples run as written', () => {
  const text = readFileSync(readmePath, 'utf8');
  const blocks = [...text.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.equal(blocks.length, 3);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rngkit-readme-'));
  try {
    const outputs = blocks.map((code, i) => {
      const file = path.join(dir, `example${i}.mjs`);
      writeFileSync(file, code.replaceAll("from 'rngkit'", `from '${pathToFileURL(path.join(packageDir, 'index.js')).href}'`));
      return execFileSync(process.execPath, [file], { encoding: 'utf8' });
    });
    // What the comments promise.
    assert.match(outputs[0], /00003039 7770877e 3459e2b7 28cb6134\ntrue\n$/);
    assert.equal(outputs[1], 'SyZ79KTg7PAZmQ0l2Lo2IYsX4Eh9WVii\n');
    assert.equal(outputs[2], 'identified v8-legacy math-random\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
