// The workbench page in headless Chromium, against the rngkit command line:
// every value the page shows is compared with what the CLI prints for the
// same inputs. Run by scripts/test-web (which builds the wasm and the CLI).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { serve, browser, cli, root } from './harness.mjs';

// Screenshots go under target/ so that a test run leaves the checkout
// clean; RNGKIT_SCREENSHOTS=docs/screenshots refreshes the README's.
const shots = path.resolve(root, process.env.RNGKIT_SCREENSHOTS || path.join('target', 'web-screenshots'));
let server;
let chrome;
let page;
const pageErrors = [];

before(async () => {
  await mkdir(shots, { recursive: true });
  server = await serve();
  chrome = await browser();
  page = await chrome.context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
});

after(async () => {
  await chrome?.close();
  await server?.close();
});

async function open(hash = '') {
  await page.goto(`${server.url}${hash ? `#${hash}` : ''}`);
  await page.waitForFunction(() => window.rngkitReady === true);
}

/** Sets the generator, source, draws and first frame, then shows the table. */
async function show({ gen, kind = 'seed', text, stream, draws, start = '0', rows = '10' }) {
  await page.selectOption('#gen', gen);
  await page.check(`input[name=kind][value=${kind}]`);
  await page.fill('#source-text', text);
  if (stream !== undefined) await page.fill('#stream', stream);
  await page.fill('#draws', draws.join('; '));
  await page.fill('#start', start);
  await page.selectOption('#rows', rows);
  await page.click('#show');
}

async function readTable() {
  return page.$$eval('#frames tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
}

function cliSource({ kind = 'seed', text, stream }) {
  const flag = { seed: '--seed', seed_str: '--seed-str', state: '--state' }[kind];
  return [flag, text, ...(stream !== undefined ? ['--stream', stream] : [])];
}

/** Compares the page's table for `input` with the CLI, row by row. */
async function compareWithCli(input) {
  await show(input);
  assert.equal(await page.isVisible('#table-error'), false, await page.textContent('#table-error'));
  const rows = await readTable();
  const n = Number(input.rows ?? '10');
  assert.equal(rows.length, n);
  const src = cliSource(input);
  const start = BigInt(input.start ?? '0');
  assert.equal(await page.textContent('#state-words'),
    cli(['state', input.gen, ...src, '--advance', start.toString()]));
  // Raw words: consecutive output words from the first frame.
  const rawDraw = rows[0][1].length === 16 ? 'u64' : 'u32';
  const raw = cli(['gen', input.gen, ...src, '--advance', start.toString(), '-n', String(n), '--hex', rawDraw]).split('\n');
  rows.forEach((row, i) => {
    assert.equal(row[0], (start + BigInt(i)).toString());
    assert.equal(`0x${row[1]}`, raw[i], `raw word at row ${i}`);
  });
  // Each draw at each frame: `gen --advance FRAME DRAW`.
  input.draws.forEach((draw, d) => {
    rows.forEach((row, i) => {
      const expected = cli(['gen', input.gen, ...src, '--advance', (start + BigInt(i)).toString(), ...draw.split(' ')]);
      assert.equal(row[2 + d], expected, `${input.gen} ${draw} at frame ${row[0]}`);
    });
  });
}

test('the page lists every GEN of the CLI', async () => {
  await open();
  const names = await page.$$eval('#gen option', (os) => os.map((o) => o.value));
  // The last choice is not a GEN: "I don't know, detect it".
  assert.equal(names.pop(), '(detect)');
  const help = cli(['gen', '--help']);
  for (const name of names) assert.ok(help.includes(name), `${name} in rngkit gen --help`);
  for (const name of ['unity', 'bdsp', 'mt19937', 'php', 'python', 'java', 'v8', 'dotnet-legacy']) {
    assert.ok(names.includes(name), name);
  }
  await page.screenshot({ path: path.join(shots, 'frame-table.png'), fullPage: false });
});

test('a GEN\'s notes are the text `rngkit recover --help` and `seed-search --help` print for it', async () => {
  await open();
  const words = (t) => t.split(/\s+/).filter(Boolean).join(' ');
  const recoverHelp = words(cli(['recover', '--help']));
  const searchHelp = words(cli(['seed-search', '--help']));
  await page.selectOption('#gen', 'java');
  assert.equal(await page.isHidden('#gen-notes'), false);
  const recover = await page.textContent('#gen-notes-recover');
  const search = await page.textContent('#gen-notes-search');
  assert.ok(recover.startsWith('Recovery: ') && /lattice/i.test(recover), recover);
  assert.ok(recoverHelp.includes(words(recover.slice('Recovery: '.length))), recover);
  assert.ok(searchHelp.includes(words(search.slice('Seed search: '.length))), search);
  // A GEN with neither a recovery nor a search of its own shows none.
  await page.selectOption('#gen', 'bwrng');
  assert.equal(await page.isHidden('#gen-notes'), true);
});

test('frame tables equal the CLI for the same inputs', async () => {
  await open();
  await compareWithCli({ gen: 'unity', text: '0', draws: ['value', 'range-int 0 100', 'range-float -1 1'] });
  await compareWithCli({ gen: 'unity', text: '-12345', draws: ['color-hsv'], start: '1000000000', rows: '10' });
  await compareWithCli({ gen: 'bdsp', text: '12345', draws: ['next-rand', 'next-rand 0 100', 'next-float'], start: '250' });
  await compareWithCli({ gen: 'php', text: '42', draws: ['mt-rand 1 6', 'mt-rand'], start: '3' });
  await compareWithCli({ gen: 'pcg32', text: '42', stream: '7', draws: ['int 1 7'], start: '0x10000000000' });
  await compareWithCli({ gen: 'mt19937', kind: 'seed_str', text: 'level-1', draws: ['f64', 'u32'] });
  await compareWithCli({ gen: 'python', text: '123456789012345678901234567890', draws: ['random', 'randint 1 6'] });
  await compareWithCli({ gen: 'xoshiro256ss', kind: 'state', text: '1 2 3 4', draws: ['u64'], start: '-5' });
  await compareWithCli({ gen: 'java', text: '-42', draws: ['next-int 10', 'next-gaussian'] });
  assert.deepEqual(pageErrors, []);
});

test('a token draw in the frame table equals `rngkit gen`', async () => {
  await open();
  // CPython: ''.join(random.choices(string.ascii_letters + string.digits, k=32)).
  const draw = 'token choices a-zA-Z0-9 32';
  const tokens = cli(['gen', 'python', '--seed', '5', '-n', '2', ...draw.split(' ')]).split('\n');
  assert.equal(tokens.length, 2);
  await show({ gen: 'python', text: '5', draws: [draw], rows: '100' });
  // The draw list offers the GEN's token draws.
  const offered = await page.$$eval('#draw-list option', (os) => os.map((o) => o.value));
  assert.ok(offered.includes(draw), offered.join(', '));
  assert.equal(await page.isVisible('#table-error'), false, await page.textContent('#table-error'));
  const rows = await readTable();
  // A row is one raw step; a pick is one random(), two raw steps, so the
  // second token starts 64 rows below the first.
  assert.equal(rows[0][2], tokens[0]);
  assert.equal(rows[64][2], tokens[1]);
  // And every row is the CLI's token from that frame.
  await compareWithCli({ gen: 'python', text: '5', draws: [draw], rows: '10' });
  assert.deepEqual(pageErrors, []);
});

test('the Tokens helper writes observation lines that recover, and refuses bad ones inline', async () => {
  await open();
  // A GEN with no idioms: the form says so and cannot be used.
  await page.selectOption('#gen', 'bdsp');
  await page.click('#helpers summary');
  assert.equal(await page.isDisabled('#token-fill'), true);
  assert.match(await page.textContent('#token-call'), /bdsp has no token idioms/);
  // Java: A.charAt(r.nextInt(A.length())), two tokens of 32 from new Random(S).
  await page.selectOption('#gen', 'java');
  const idioms = await page.$$eval('#token-idiom option', (os) => os.map((o) => o.value));
  assert.deepEqual(idioms, ['next-int']);
  assert.match(await page.textContent('#token-call'), /nextInt/);
  assert.equal(await page.inputValue('#token-alphabet'), 'A-Za-z0-9');
  const draw = ['token', 'next-int', 'A-Za-z0-9', '32'];
  const tokens = cli(['gen', 'java', '--seed', '20261206', '-n', '3', ...draw]).split('\n');
  // One character of the first token not seen.
  const seen = [`${tokens[0].slice(0, 5)}?${tokens[0].slice(6)}`, tokens[1]];
  await page.fill('#token-values', `${seen.join('\n')}\n`);
  await page.click('#token-fill');
  assert.equal(await page.isVisible('#obs-error'), false, await page.textContent('#obs-error'));
  const obs = await page.inputValue('#observations');
  assert.deepEqual(obs.trim().split('\n'), seen.map((t) => `${draw.join(' ')} = ${t}`));
  await page.click('#recover');
  await page.waitForSelector('#recovered-state');
  const state = await page.textContent('#recovered-state');
  assert.equal(state, cli(['recover', 'java'], obs));
  assert.equal(state, cli(['state', 'java', '--seed', '20261206']));
  // The CLI's prediction from the same lines is the third token, and the
  // page's table from the recovered state gives it 64 rows down (a
  // nextInt is one raw step).
  assert.equal(cli(['recover', 'java', '--predict', '1', ...draw], obs), tokens[2]);
  await page.waitForFunction((s) => document.querySelector('#state-words').textContent === s, state);
  await page.fill('#draws', draw.join(' '));
  await page.selectOption('#rows', '100');
  await page.click('#show');
  const rows = await readTable();
  assert.deepEqual([rows[0][2], rows[32][2], rows[64][2]], tokens);
  await page.screenshot({ path: path.join(shots, 'recover-java-tokens.png'), fullPage: true });

  // Bad input: an inline message in the engine's words, the page still works.
  const bad = [
    [{ tokens: `${tokens[0]}\n${tokens[1].slice(0, 7)}!${tokens[1].slice(8)}` }, /line 2: .*`!` \(character 8\) is not in ALPHABET `A-Za-z0-9`/],
    [{ alphabet: '' }, /ALPHABET is empty/],
    [{ alphabet: 'abcb' }, /holds `b` twice/],
    [{ alphabet: 'a b' }, /write a space as `\\s`/],
  ];
  for (const [input, pattern] of bad) {
    await page.fill('#observations', 'kept');
    await page.fill('#token-alphabet', input.alphabet ?? 'A-Za-z0-9');
    await page.fill('#token-values', input.tokens ?? tokens[0]);
    await page.click('#token-fill');
    assert.equal(await page.isVisible('#obs-error'), true, JSON.stringify(input));
    assert.match(await page.textContent('#obs-error'), pattern);
    assert.equal(await page.inputValue('#observations'), 'kept');
  }
  // A good one clears the message.
  await page.fill('#token-alphabet', 'A-Za-z0-9');
  await page.fill('#token-values', tokens[0]);
  await page.click('#token-fill');
  assert.equal(await page.isVisible('#obs-error'), false);
  assert.equal((await page.inputValue('#observations')).trim(), `${draw.join(' ')} = ${tokens[0]}`);
  // Python's idioms, and its alphabet, when the GEN changes.
  await page.selectOption('#gen', 'python');
  const pythonIdioms = await page.$$eval('#token-idiom option', (os) => os.map((o) => o.value));
  assert.ok(pythonIdioms.includes('choices') && pythonIdioms.includes('choice'), pythonIdioms.join(', '));
  assert.equal(await page.inputValue('#token-alphabet'), 'a-zA-Z0-9');
  assert.equal(await page.isDisabled('#token-fill'), false);
  assert.deepEqual(pageErrors, []);
});

test('frame 10^9 is one jump away, and the address restores the view', async () => {
  await open();
  await show({ gen: 'unity', text: '7', draws: ['value'] });
  await page.click('button[data-jump="1000000000"]');
  await page.waitForFunction(() => document.querySelector('#state-frame').textContent === '1000000000');
  const rows = await readTable();
  assert.equal(rows[0][0], '1000000000');
  assert.equal(rows[0][2], cli(['gen', 'unity', '--seed', '7', '--advance', '1000000000', 'value']));
  await page.keyboard.press('n'); // the next page, from the keyboard (focus is on a button)
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('n');
  const after = await readTable();
  assert.ok(BigInt(after[0][0]) > 1000000000n);
  // The fragment holds the inputs: a fresh load shows the same table.
  const url = page.url();
  const table = await readTable();
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(() => window.rngkitReady === true);
  assert.deepEqual(await readTable(), table);
});

test('"I don\'t know, detect it" names the generator of bare values as the CLI does, and Use shows its table', async () => {
  await open();
  // CPython's random() after random.seed(12345) (gen python matches CPython:
  // crates/rngkit/tests/runtime_python.rs); what is compared here is the
  // page's detect with the CLI's.
  const values = cli(['gen', 'python', '--seed', '12345', '-n', '10', 'random']);
  await page.selectOption('#gen', '(detect)');
  assert.equal(await page.textContent('#recover'), 'Detect');
  await page.fill('#observations', values);
  await page.click('#recover');
  await page.waitForSelector('#detect-verdict');
  assert.equal(await page.getAttribute('#detect-verdict', 'data-verdict'), 'identified');
  const fits = await page.$$eval('#detect-fits li', (lis) => lis.map((li) => li.firstChild.textContent.trim()));
  assert.deepEqual(fits, [cli(['detect'], `${values}\n`)]);
  assert.deepEqual(fits, ['python random seed=12345']);
  await page.screenshot({ path: path.join(shots, 'detect-python.png'), fullPage: true });
  await page.click('#detect-fits li button');
  assert.equal(await page.inputValue('#gen'), 'python');
  // One frame is one raw step; random() takes two, so every other row.
  await page.waitForFunction(() => document.querySelectorAll('#frames tbody tr').length >= 20);
  const rows = await readTable();
  assert.deepEqual(rows.slice(0, 20).filter((_, k) => k % 2 === 0).map((r) => r[2]), values.split('\n'));
  // Values from two sources: never a generator named.
  await page.selectOption('#gen', '(detect)');
  await page.fill('#observations', '0.5\n0.25\n0.125\n0.0625\n');
  await page.click('#recover');
  await page.waitForSelector('#detect-verdict');
  assert.notEqual(await page.getAttribute('#detect-verdict', 'data-verdict'), 'identified');
});

test('a Unity state from 8 values, and the table continues from it', async () => {
  await open();
  await page.selectOption('#gen', 'unity');
  const values = cli(['gen', 'unity', '--seed', '12345', '-n', '8', 'value']).split('\n');
  await page.click('#helpers summary');
  await page.fill('#form-draw', 'value');
  await page.fill('#form-values', values.join(' '));
  await page.click('#form-fill');
  const obs = await page.inputValue('#observations');
  assert.equal(obs.trim().split('\n').length, 8);
  await page.click('#recover');
  await page.waitForSelector('#recovered-state');
  const state = await page.textContent('#recovered-state');
  assert.equal(state, cli(['state', 'unity', '--seed', '12345']));
  assert.equal(state, cli(['recover', 'unity'], obs));
  // The table now starts at the recovered state, first observation at frame 0.
  await page.waitForFunction((s) => document.querySelector('#state-words').textContent === s, state);
  await page.fill('#draws', 'value');
  await page.click('#show');
  const rows = await readTable();
  assert.deepEqual(rows.slice(0, 8).map((r) => r[2]), values);
  await page.screenshot({ path: path.join(shots, 'recover-unity.png'), fullPage: true });
  // Underdetermined: three values leave many states; the count is shown.
  await page.fill('#observations', values.slice(0, 3).map((v) => `value = ${v}`).join('\n'));
  await page.click('#recover');
  await page.waitForSelector('#recover-count');
  const count = await page.textContent('#recover-count');
  assert.match(count, /^2\^\d+ states fit/);
  const cliCount = (() => {
    try {
      cli(['recover', 'unity'], values.slice(0, 3).map((v) => `value = ${v}`).join('\n'));
      return null;
    } catch (e) {
      return e.stderr.toString();
    }
  })();
  assert.ok(cliCount.includes(count.split(' ')[0]), `${cliCount} vs ${count}`);
});

test('a BDSP state from 40 blinks', async () => {
  await open();
  await page.selectOption('#gen', 'bdsp');
  const start = '12345678 9abcdef0 0fedcba9 87654321';
  const words = cli(['gen', 'bdsp', '--state', start, '-n', '3000', 'next-uint']).split('\n').map(Number);
  const blinks = [];
  for (let i = 0; i < words.length && blinks.length < 40; i += 1) {
    if ((words[i] & 0b1110) === 0) blinks.push({ tick: i, double: (words[i] & 1) === 1 });
  }
  assert.equal(blinks.length, 40);
  const intervals = blinks.map((b, i) => `${i === 0 ? 0 : b.tick - blinks[i - 1].tick}${b.double ? 'd' : ''}`);
  await page.click('#helpers summary');
  await page.fill('#blinks', intervals.join(' '));
  await page.click('#blink-fill');
  const obs = await page.inputValue('#observations');
  await page.click('#recover');
  await page.waitForSelector('#recovered-state');
  const state = await page.textContent('#recovered-state');
  assert.equal(state, cli(['state', 'bdsp', '--state', start, '--advance', String(blinks[0].tick)]));
  assert.equal(state, cli(['recover', 'bdsp'], obs));
  await page.screenshot({ path: path.join(shots, 'recover-bdsp-blinks.png'), fullPage: true });
});

test('a seed search runs to completion in the worker, and another is cancelled', async () => {
  await open();
  await page.selectOption('#gen', 'mt19937');
  const outs = cli(['gen', 'mt19937', '--seed', '123456', '--advance', '3', '-n', '2', 'u32']).split('\n');
  const obs = outs.map((v) => `u32 = ${v}`).join('\n');
  await page.fill('#observations', obs);
  await page.fill('#seeds', '100000..200000');
  await page.fill('#max-advance', '5');
  await page.click('#search');
  await page.waitForFunction(() => document.querySelector('#search-status').dataset.state === 'finished', null, { timeout: 60000 });
  const found = await page.$$eval('#search-results li', (lis) => lis.map((li) => li.firstChild.textContent.trim()));
  const expected = cli(['seed-search', 'mt19937', '--seeds', '100000..200000', '--max-advance', '5', '--threads', '1'], obs).split('\n');
  assert.deepEqual(found.sort(), expected.sort());
  assert.deepEqual(found, ['123456 advance=3']);
  assert.equal(await page.getAttribute('#search-progress', 'value'), '1');
  await page.screenshot({ path: path.join(shots, 'seed-search.png'), fullPage: true });

  // The whole 32-bit space: cancel it once it is under way.
  await page.fill('#seeds', '');
  await page.fill('#max-advance', '');
  await page.click('#search');
  await page.waitForFunction(() => Number(document.querySelector('#search-progress').value) > 0, null, { timeout: 30000 });
  await page.click('#search-cancel');
  await page.waitForFunction(() => document.querySelector('#search-status').dataset.state === 'cancelled', null, { timeout: 30000 });
  const progress = Number(await page.getAttribute('#search-progress', 'value'));
  assert.ok(progress > 0 && progress < 1, `progress ${progress}`);
  assert.equal(await page.isEnabled('#search'), true);
  // The page still works after the cancel.
  await show({ gen: 'unity', text: '1', draws: ['value'] });
  assert.equal((await readTable())[0][2], cli(['gen', 'unity', '--seed', '1', 'value']));
  assert.deepEqual(pageErrors, []);
});

test('distances equal the CLI', async () => {
  await open();
  await page.selectOption('#gen', 'unity');
  const from = cli(['state', 'unity', '--seed', '0']);
  const to = cli(['state', 'unity', '--seed', '0', '--advance', '123456789']);
  await page.fill('#dist-from', from);
  await page.fill('#dist-to', to);
  await page.click('#distance');
  await page.waitForSelector('#distance-value');
  assert.equal(await page.textContent('#distance-value'), cli(['distance', 'unity', '--from', from, '--to', to]));
  assert.equal(await page.textContent('#distance-value'), '123456789');
});

test('bad input shows an inline message and never breaks the page', async () => {
  await open();
  const cases = [
    [{ gen: 'unity', text: 'abc', draws: ['value'] }, '#table-error', /seed: `abc` is not an integer/],
    [{ gen: 'unity', text: '99999999999', draws: ['value'] }, '#table-error', /does not fit/],
    [{ gen: 'unity', kind: 'state', text: '1 2 zz 4', draws: ['value'] }, '#table-error', /not hex/],
    [{ gen: 'unity', kind: 'state', text: '0 0 0 0', draws: ['value'] }, '#table-error', /.+/],
    [{ gen: 'unity', text: '1', draws: ['range-int 0'] }, '#table-error', /range-int/],
    [{ gen: 'unity', text: '1', draws: ['nope'] }, '#table-error', /nope/],
    [{ gen: 'unity', text: '1', draws: ['value'], start: '12a' }, '#table-error', /frame: `12a` is not a step count/],
    [{ gen: 'splittable-random', text: '1', draws: ['u32'], start: '-1' }, '#table-error', /cannot step back/],
    [{ gen: 'spidermonkey', kind: 'state', text: '', draws: ['u64'] }, '#table-error', /empty/],
  ];
  for (const [input, where, pattern] of cases) {
    await show(input);
    assert.equal(await page.isVisible(where), true, JSON.stringify(input));
    assert.match(await page.textContent(where), pattern);
    // And the next good input works.
    await show({ gen: 'unity', text: '5', draws: ['value'] });
    assert.equal(await page.isVisible('#table-error'), false);
    assert.equal((await readTable())[0][2], cli(['gen', 'unity', '--seed', '5', 'value']));
  }
  await show({ gen: 'unity', text: 'abc', draws: ['value'] });
  await page.screenshot({ path: path.join(shots, 'bad-input.png') });
  // Observations, seeds and distances.
  await page.fill('#observations', 'value = banana');
  await page.click('#recover');
  await page.waitForSelector('#obs-error:not([hidden])');
  assert.match(await page.textContent('#obs-error'), /line 1/);
  await page.fill('#observations', 'value = 0.5');
  await page.fill('#seeds', '5..1');
  await page.click('#search');
  await page.waitForFunction(() => document.querySelector('#obs-error').textContent.includes('empty'));
  await page.fill('#dist-from', 'nonsense');
  await page.fill('#dist-to', '1 2 3 4');
  await page.click('#distance');
  await page.waitForSelector('#dist-error:not([hidden])');
  assert.match(await page.textContent('#dist-error'), /from:/);
  await page.click('#helpers summary');
  await page.fill('#blinks', '0 x3');
  await page.click('#blink-fill');
  assert.match(await page.textContent('#obs-error'), /blink 2/);
  await page.selectOption('#gen', 'java');
  assert.equal(await page.isDisabled('#search'), false);
  await page.selectOption('#gen', 'spidermonkey');
  assert.equal(await page.isDisabled('#search'), true);
  assert.deepEqual(pageErrors, []);
});

test('readable on a phone', async () => {
  const phone = await chrome.context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`${server.url}#gen=bdsp&kind=seed&src=12345&draws=next-rand%3B%20next-rand%200%20100&start=0&rows=10`);
  await phone.waitForFunction(() => window.rngkitReady === true);
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width}px wide on a 390px screen`);
  await phone.screenshot({ path: path.join(shots, 'phone.png'), fullPage: false });
  // The helpers open, with the Tokens form of a GEN that has idioms.
  await phone.selectOption('#gen', 'python');
  await phone.click('#helpers summary');
  await phone.waitForSelector('#token-fill');
  const open = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(open <= 390, `the page with its helpers open is ${open}px wide on a 390px screen`);
  await phone.close();
});
