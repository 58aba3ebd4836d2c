// The rngkit workbench page: plain JavaScript, no framework (the page is a
// handful of forms and one table; the engine does the work).
import { load } from './rngkit.js';

const $ = (id) => document.getElementById(id);
let engine;
let gens = [];
let worker;
let nextId = 1;
const pending = new Map();

// ---- the worker -----------------------------------------------------------

function startWorker() {
  worker = new Worker(new URL('worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }) => pending.get(data.id)?.(data);
  worker.onerror = (e) => {
    for (const handler of pending.values()) handler({ kind: 'end', error: `the worker failed: ${e.message}` });
    pending.clear();
  };
}

/** Runs engine op `name` in the worker; resolves to its answer. */
function inWorker(name, fields) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, (data) => {
      pending.delete(id);
      if ('error' in data) reject(new Error(data.error)); else resolve(data.ok);
    });
    worker.postMessage({ id, op: 'call', name, fields });
  });
}

/** Stops whatever the worker is doing (a long recovery) by replacing it. */
function restartWorker() {
  worker.terminate();
  for (const handler of pending.values()) handler({ kind: 'end', error: 'cancelled' });
  pending.clear();
  startWorker();
}

// ---- small helpers ----------------------------------------------------------

function showError(id, message) {
  const el = $(id);
  el.textContent = message ? `error: ${message}` : '';
  el.hidden = !message;
}

// The generator list's last choice, "I don't know, detect it": the values
// in the observations box are tried on every generator (the `detect` op).
// The frame table keeps the last generator chosen meanwhile.
const DETECT = '(detect)';
let lastGen = null;

function detecting() {
  return $('gen').value === DETECT;
}

function gen() {
  return gens.find((g) => g.name === $('gen').value) ?? lastGen ?? gens[0];
}

function sourceKind() {
  return document.querySelector('input[name=kind]:checked').value;
}

function source() {
  const fields = { [sourceKind()]: $('source-text').value.trim() };
  if (gen().has_stream && $('stream').value.trim()) fields.stream = $('stream').value.trim();
  return fields;
}

function draws() {
  return $('draws').value.split(';').map((d) => d.trim()).filter(Boolean);
}

/** The first frame as a BigInt, or null when it is not one (the engine then words the error). */
function parseFrame(text) {
  const t = text.trim();
  if (!/^-?(0x[0-9a-fA-F]+|\d+)$/.test(t)) return null;
  return t.startsWith('-') ? -BigInt(t.slice(1)) : BigInt(t);
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  if (button) {
    const label = button.textContent;
    button.textContent = 'Copied';
    setTimeout(() => { button.textContent = label; }, 1200);
  }
}

function button(label, onClick, cls) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  if (cls) b.className = cls;
  b.addEventListener('click', onClick);
  return b;
}

// ---- the address: every input in the fragment -------------------------------

function saveHash() {
  const p = new URLSearchParams();
  p.set('gen', gen().name);
  p.set('kind', sourceKind());
  p.set('src', $('source-text').value);
  if ($('stream').value && gen().has_stream) p.set('stream', $('stream').value);
  p.set('draws', $('draws').value);
  p.set('start', $('start').value);
  p.set('rows', $('rows').value);
  if ($('hex').checked) p.set('hex', '1');
  if ($('observations').value) p.set('obs', $('observations').value);
  if ($('seeds').value) p.set('seeds', $('seeds').value);
  if ($('max-advance').value) p.set('adv', $('max-advance').value);
  history.replaceState(null, '', `#${p.toString()}`);
}

function loadHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (p.has('gen') && gens.some((g) => g.name === p.get('gen'))) $('gen').value = p.get('gen');
  genChanged(!p.has('draws'));
  const kind = p.get('kind');
  if (['seed', 'seed_str', 'state'].includes(kind)) document.querySelector(`input[name=kind][value=${kind}]`).checked = true;
  if (p.has('src')) $('source-text').value = p.get('src');
  if (p.has('stream')) $('stream').value = p.get('stream');
  if (p.has('draws')) $('draws').value = p.get('draws');
  if (p.has('start')) $('start').value = p.get('start');
  if (p.has('rows') && [...$('rows').options].some((o) => o.value === p.get('rows'))) $('rows').value = p.get('rows');
  $('hex').checked = p.get('hex') === '1';
  if (p.has('obs')) $('observations').value = p.get('obs');
  if (p.has('seeds')) $('seeds').value = p.get('seeds');
  if (p.has('adv')) $('max-advance').value = p.get('adv');
  kindChanged();
}

// ---- generator and source ---------------------------------------------------

function defaultDraws(g) {
  const engineDraw = g.draws.slice(6).find((d) => !/\s[A-Z]/.test(d.syntax.replace(/\[.*\]/, '')));
  const name = engineDraw ? engineDraw.syntax.split(' ')[0] : null;
  return name ? `${g.output_bits === 64 ? 'u64' : 'u32'}; ${name}` : (g.output_bits === 64 ? 'u64; f64' : 'u32; f64');
}

function genChanged(resetDraws = true) {
  const g = gen();
  $('gen-summary').textContent = `${g.summary}${g.aliases.length ? ` (also: ${g.aliases.join(', ')})` : ''}`;
  // The GEN's own notes, the text `rngkit recover --help` and
  // `rngkit seed-search --help` print for it.
  $('gen-notes-recover').textContent = g.notes.recover ? `Recovery: ${g.notes.recover}` : '';
  $('gen-notes-search').textContent = g.notes.search ? `Seed search: ${g.notes.search}` : '';
  $('gen-notes').hidden = !g.notes.recover && !g.notes.search;
  $('stream-label').hidden = !g.has_stream;
  const list = $('draw-list');
  const add = $('draw-add');
  list.replaceChildren();
  add.replaceChildren(new Option('draw…', ''));
  for (const d of g.draws) {
    const o = document.createElement('option');
    o.value = d.syntax;
    list.append(o);
    const a = new Option(d.syntax, d.syntax);
    a.title = d.help;
    add.append(a);
  }
  // A token draw for each idiom (`token IDIOM ALPHABET LENGTH`), ready to run.
  for (const i of g.idioms) {
    const syntax = `token ${i.name} ${tokenAlphabet(g)} 32`;
    const o = document.createElement('option');
    o.value = syntax;
    list.append(o);
    const a = new Option(syntax, syntax);
    a.title = i.call;
    add.append(a);
  }
  tokenForm(g);
  if (resetDraws) $('draws').value = defaultDraws(g);
  for (const radio of document.querySelectorAll('input[name=kind]')) {
    radio.disabled = g.seed_kind === 'none' && radio.value !== 'state';
  }
  if (g.seed_kind === 'none' && sourceKind() !== 'state') {
    document.querySelector('input[name=kind][value=state]').checked = true;
  }
  $('search').disabled = !g.search;
  $('seeds').placeholder = g.search ? (g.search_bits === 32 ? 'all 32-bit' : 'A..B') : 'no seed search';
  kindChanged();
}

// ---- tokens --------------------------------------------------------------------

// The alphabets the Tokens form starts from: Python's
// string.ascii_letters + string.digits, and the string JavaScript, Java and
// PHP programs usually hold. One the user typed stays.
const TOKEN_ALPHABETS = ['a-zA-Z0-9', 'A-Za-z0-9'];

function tokenAlphabet(g) {
  return g.name === 'python' ? TOKEN_ALPHABETS[0] : TOKEN_ALPHABETS[1];
}

/** The Tokens form for GEN `g`: its idioms, or a note that it has none. */
function tokenForm(g) {
  const select = $('token-idiom');
  const previous = select.value;
  select.replaceChildren();
  for (const i of g.idioms) {
    const o = new Option(i.name, i.name);
    o.title = i.call;
    select.append(o);
  }
  const none = !g.idioms.length;
  if (none) select.append(new Option('(none)', ''));
  else if (g.idioms.some((i) => i.name === previous)) select.value = previous;
  for (const id of ['token-idiom', 'token-alphabet', 'token-values', 'token-fill']) $(id).disabled = none;
  const alphabet = $('token-alphabet');
  if (!alphabet.value.trim() || TOKEN_ALPHABETS.includes(alphabet.value.trim())) alphabet.value = tokenAlphabet(g);
  tokenIdiomChanged();
}

function tokenIdiomChanged() {
  const g = gen();
  const idiom = g.idioms.find((i) => i.name === $('token-idiom').value);
  $('token-call').textContent = idiom
    ? `The program: ${idiom.call} (each character one pick: ${idiom.pick.replace('{n}', 'N').replace('{last}', 'N-1')}).`
    : `${g.name} has no token idioms: no program of it that picks characters is modelled.`;
}

/** Writes `token IDIOM ALPHABET LEN = TOKEN` lines; the engine reads them as the CLI does. */
function fillFromTokens() {
  showError('obs-error', '');
  const tokens = $('token-values').value;
  if (!tokens.trim()) return showError('obs-error', 'give at least one token, one a line');
  let lines;
  try {
    lines = engine.call('token_lines', {
      gen: gen().name, idiom: $('token-idiom').value, alphabet: $('token-alphabet').value, tokens,
    });
  } catch (e) {
    return showError('obs-error', e.message);
  }
  $('observations').value = `${lines.join('\n')}\n`;
  saveHash();
}

function kindChanged() {
  const g = gen();
  const kind = sourceKind();
  $('source-doc').textContent =
    kind === 'seed' ? `Seed: ${g.seed_doc}` :
    kind === 'seed_str' ? 'String seed: the runtime\'s own string seeding where it has one, else the documented FNV-1a hash of the UTF-8 text.' :
    `State: ${g.state_doc} (hex words, as \`rngkit state\` prints them).`;
  $('source-text').rows = kind === 'state' && g.word_count > 8 ? 4 : 1;
  $('source-text').placeholder = kind === 'state' ? `${g.word_count} hex words` : kind === 'seed' ? '0' : 'text';
}

// ---- the frame table ----------------------------------------------------------

let observedRows = 0;

function markStale(stale) {
  // After bad input the last good table stays, greyed out, so it is not read as the answer.
  $('frames').classList.toggle('stale', stale);
  $('table-state').classList.toggle('stale', stale);
}

function renderTable() {
  showError('table-error', '');
  const ds = draws();
  let answer;
  try {
    // The engine reads the first frame, and words a bad one as the CLI does.
    answer = engine.call('table', {
      gen: gen().name, source: source(), start: $('start').value.trim(), count: Number($('rows').value),
      draws: ds, hex: $('hex').checked,
    });
  } catch (e) {
    showError('table-error', e.message);
    markStale(true);
    return false;
  }
  const start = BigInt(answer.start);
  markStale(false);
  $('state-frame').textContent = start.toString();
  $('state-words').textContent = answer.state;
  $('table-state').hidden = false;
  const head = document.createElement('thead');
  const hr = head.insertRow();
  for (const h of ['frame', 'raw', ...ds]) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = h;
    hr.append(th);
  }
  const body = document.createElement('tbody');
  answer.rows.forEach((row, i) => {
    const tr = body.insertRow();
    const frame = start + BigInt(i);
    if (frame >= 0n && frame < BigInt(observedRows)) tr.className = 'observed';
    for (const cell of [frame.toString(), row.raw, ...row.values]) tr.insertCell().textContent = cell;
  });
  $('frames').replaceChildren(head, body);
  saveHash();
  if (!window.rngkitFirstTable) {
    window.rngkitFirstTable = performance.now();
  }
  return true;
}

function page(delta) {
  const start = parseFrame($('start').value);
  // A frame that is not a number: the table says why.
  if (start !== null) $('start').value = (start + delta).toString();
  renderTable();
}

// ---- observations: forms, recovery, seed search --------------------------------

function fillFromValues() {
  showError('obs-error', '');
  const draw = $('form-draw').value.trim();
  const values = $('form-values').value.split(/[\s,]+/).filter(Boolean);
  if (!draw) return showError('obs-error', 'choose the draw the values came from');
  if (!values.length) return showError('obs-error', 'give at least one value');
  let steps = null;
  try {
    steps = engine.call('draw_steps', { gen: gen().name, draw });
  } catch (e) {
    return showError('obs-error', e.message);
  }
  const lines = [];
  for (const v of values) {
    if (v === '?') {
      if (steps === null) return showError('obs-error', `\`${draw}\` takes a variable number of raw steps, so a frame not seen (?) cannot be skipped`);
      lines.push(`skip ${steps}`);
    } else {
      lines.push(`${draw} = ${v}`);
    }
  }
  $('observations').value = `${lines.join('\n')}\n`;
  saveHash();
}

function fillFromBlinks() {
  showError('obs-error', '');
  const tokens = $('blinks').value.split(/[\s,]+/).filter(Boolean);
  if (!tokens.length) return showError('obs-error', 'give the blink intervals, e.g. 0 37 12d 54');
  const lines = [];
  for (const [i, tok] of tokens.entries()) {
    const m = /^(\d+)([dDsS]?)$/.exec(tok);
    if (!m) return showError('obs-error', `blink ${i + 1}: \`${tok}\` is not a tick count (optionally followed by d for a double blink)`);
    const gap = Number(m[1]);
    if (i > 0) {
      if (gap < 1) return showError('obs-error', `blink ${i + 1}: the interval must be at least 1 tick`);
      if (gap > 1) lines.push(`skip ${gap - 1}`);
    }
    const double = m[2].toLowerCase() === 'd';
    lines.push(`bits 0xf = ${double ? '0x1' : '0x0'}   # ${double ? 'double' : 'single'} blink`);
  }
  $('observations').value = `${lines.join('\n')}\n`;
  saveHash();
}

function observedSteps(text) {
  // Frames the observations cover, for marking them in the table: the
  // engine's replay is exact; here a one-step-per-line estimate suffices.
  let n = 0;
  for (const raw of text.split('\n')) {
    const line = raw.split('#')[0].trim();
    if (!line) continue;
    const skip = /^skip\s+(\d+)$/.exec(line);
    // A token is one pick a character.
    const token = /^token\s+\S+\s+\S+\s+(\d+)\s*=/.exec(raw);
    n += skip ? Number(skip[1]) : token ? Number(token[1]) : 1;
  }
  return n;
}

function useState(state, obsText) {
  document.querySelector('input[name=kind][value=state]').checked = true;
  $('source-text').value = state;
  $('start').value = '0';
  observedRows = obsText ? observedSteps(obsText) : 0;
  kindChanged();
  renderTable();
  $('table-section').scrollIntoView({ behavior: 'smooth' });
}

function detectChosen() {
  $('gen-summary').textContent = 'Paste the values into the observations box below, one a line, with no draw name (what Math.random(), random(), mt_rand(), rand() printed), and press Detect: every generator and engine era is tried with every draw that can give such values. A generator is named only if a state or seed gives every value again. In the browser the engine runs on one thread: the slowest recoveries are left out and seeds are searched below 2^16 only (the rngkit command line searches every seed it has time for).';
  $('gen-notes').hidden = true;
  $('recover').textContent = 'Detect';
  $('search').disabled = true;
}

/** Chooses a fit's generator and shows its frame table from its seed or state. */
function useFit(f) {
  $('gen').value = f.gen;
  lastGen = gen();
  $('recover').textContent = 'Recover';
  genChanged(true);
  $('draws').value = f.draw;
  const kind = f.seed !== undefined ? 'seed' : 'state';
  document.querySelector(`input[name=kind][value=${kind}]`).checked = true;
  $('source-text').value = f.seed ?? f.state ?? f.states[0];
  $('start').value = f.seed !== undefined ? f.advance : '0';
  observedRows = 0;
  kindChanged();
  renderTable();
  $('table-section').scrollIntoView({ behavior: 'smooth' });
}

function fitText(f) {
  const what = f.seed !== undefined ? `seed=${f.seed}${f.advance !== '0' ? ` advance=${f.advance}` : ''}`
    : f.state !== undefined ? `state=${f.state}` : `states=${f.states.length}`;
  return `${f.gen} ${f.draw} ${what}${f.family.length ? ` family=${f.family.join(',')}` : ''}`;
}

/** A failed detection or recovery: the result emptied, the error shown
 * (a cancel shows none). */
function runFailed(out, e) {
  out.replaceChildren();
  if (e.message !== 'cancelled') showError('obs-error', e.message);
}

/** A detection or recovery over: Recover usable again, Cancel hidden. */
function runEnded() {
  $('recover').disabled = false;
  $('recover-cancel').hidden = true;
}

async function detect() {
  showError('obs-error', '');
  const out = $('recover-result');
  out.replaceChildren();
  $('recover').disabled = true;
  $('recover-cancel').hidden = false;
  out.textContent = 'Trying every generator…';
  try {
    const r = await inWorker('detect', { values: $('observations').value });
    out.replaceChildren();
    const p = document.createElement('p');
    p.id = 'detect-verdict';
    p.dataset.verdict = r.verdict;
    // Short of one generator, the engine's message, in the words of the
    // rngkit command line.
    p.textContent = r.verdict === 'identified' ? `One generator fits all ${r.values} values:` : r.message;
    out.append(p);
    const ol = document.createElement('ol');
    ol.className = 'results';
    ol.id = 'detect-fits';
    for (const f of r.fits) {
      const li = document.createElement('li');
      li.append(`${fitText(f)} `, button('Use', () => useFit(f)));
      ol.append(li);
    }
    out.append(ol);
    if (r.open.length && r.verdict !== 'identified') {
      const d = document.createElement('details');
      const s = document.createElement('summary');
      s.textContent = `${r.open.length} readings left open`;
      const ul = document.createElement('ul');
      for (const o of r.open) {
        const li = document.createElement('li');
        li.textContent = `${o.gen} ${o.draw}: ${o.why}`;
        ul.append(li);
      }
      d.append(s, ul);
      out.append(d);
    }
  } catch (e) {
    runFailed(out, e);
  } finally {
    runEnded();
  }
}

async function recover() {
  if (detecting()) return detect();
  showError('obs-error', '');
  const out = $('recover-result');
  out.replaceChildren();
  const obs = $('observations').value;
  const fields = { gen: gen().name, observations: obs };
  if (gen().has_stream && $('stream').value.trim()) fields.stream = $('stream').value.trim();
  $('recover').disabled = true;
  $('recover-cancel').hidden = false;
  out.textContent = 'Recovering…';
  try {
    const r = await inWorker('recover', fields);
    out.replaceChildren();
    if (r.status === 'unique') {
      const p = document.createElement('p');
      p.textContent = 'One state fits. The state before the first observation:';
      const div = document.createElement('div');
      div.className = 'result-state';
      const code = document.createElement('code');
      code.id = 'recovered-state';
      code.textContent = r.state;
      div.append(code, button('Copy', (e) => copy(r.state, e.target), 'copy'),
        button('Frame table from here', () => useState(r.state, obs)));
      out.append(p, div);
      useState(r.state, obs);
    } else if (r.status === 'several') {
      const p = document.createElement('p');
      p.id = 'recover-count';
      // The engine's message, in the words of the rngkit command line.
      p.textContent = r.message;
      out.append(p);
      if (r.states.length) {
        const ol = document.createElement('ol');
        ol.className = 'results';
        for (const s of r.states) {
          const li = document.createElement('li');
          li.append(`${s} `, button('Use', () => useState(s, obs)));
          ol.append(li);
        }
        out.append(ol);
      }
    } else {
      out.textContent = r.message;
    }
  } catch (e) {
    runFailed(out, e);
  } finally {
    runEnded();
  }
}

let searchId = null;

function search() {
  showError('obs-error', '');
  const g = gen();
  const fields = {
    gen: g.name, observations: $('observations').value, seeds: $('seeds').value,
    max_advance: $('max-advance').value,
  };
  if (g.has_stream && $('stream').value.trim()) fields.stream = $('stream').value.trim();
  const list = $('search-results');
  list.replaceChildren();
  $('search-progress').value = 0;
  $('search-status').textContent = 'Starting…';
  $('search').disabled = true;
  $('search-cancel').disabled = false;
  const withAdvance = Number($('max-advance').value || 0) > 0;
  const id = nextId++;
  searchId = id;
  let found = 0;
  const finish = () => {
    pending.delete(id);
    searchId = null;
    $('search').disabled = !gen().search;
    $('search-cancel').disabled = true;
  };
  pending.set(id, (data) => {
    if (data.error) {
      finish();
      $('search-status').textContent = '';
      showError('obs-error', data.error);
      return;
    }
    const done = Number(data.done);
    const total = Number(data.total);
    $('search-progress').value = total ? done / total : 1;
    for (const m of data.matches ?? []) {
      found += 1;
      const li = document.createElement('li');
      const text = withAdvance ? `${m.seed} advance=${m.advance}` : m.seed;
      li.append(`${text} `, button('Use', () => {
        document.querySelector('input[name=kind][value=seed]').checked = true;
        $('source-text').value = m.seed;
        $('start').value = m.advance;
        observedRows = 0;
        kindChanged();
        renderTable();
      }));
      list.append(li);
    }
    const pct = total ? ((100 * done) / total).toFixed(1) : '100';
    const rate = data.rate ? `, ${(data.rate / 1e6).toFixed(2)} M seeds/s` : '';
    if (data.kind === 'end') {
      finish();
      const what = data.cancelled ? 'Cancelled after' : 'Searched';
      $('search-status').textContent = `${what} ${done.toLocaleString('en')} of ${total.toLocaleString('en')} seeds in ${data.seconds.toFixed(2)} s: ${found} match${found === 1 ? '' : 'es'}.`;
      $('search-status').dataset.state = data.cancelled ? 'cancelled' : 'finished';
      $('search-status').dataset.rate = String(done / Math.max(data.seconds, 1e-3));
    } else {
      $('search-status').textContent = `${pct}% of ${total.toLocaleString('en')} seeds${rate}; ${found} found`;
      $('search-status').dataset.state = 'running';
    }
  });
  worker.postMessage({ id, op: 'search', fields });
  saveHash();
}

// ---- distance ---------------------------------------------------------------------

async function distance() {
  showError('dist-error', '');
  $('dist-result').textContent = '';
  try {
    const r = await inWorker('distance', {
      gen: gen().name, from: $('dist-from').value, to: $('dist-to').value, max: $('dist-max').value,
    });
    $('dist-result').replaceChildren(
      'Distance: ',
      Object.assign(document.createElement('code'), { id: 'distance-value', textContent: r.distance }),
      ' frames',
      r.signed && r.signed !== r.distance ? ` (signed: ${r.signed})` : '',
      ' ',
      button('Copy', (e) => copy(r.distance, e.target), 'copy'),
    );
  } catch (e) {
    showError('dist-error', e.message);
  }
}

// ---- wiring ---------------------------------------------------------------------------

async function main() {
  try {
    engine = await load();
    gens = engine.call('gens');
  } catch (e) {
    $('loading').textContent = `The engine did not load: ${e.message}`;
    $('loading').className = 'error';
    return;
  }
  startWorker();
  for (const g of gens) $('gen').append(new Option(g.name, g.name));
  $('gen').append(new Option('I don\'t know, detect it', DETECT));
  $('loading').hidden = true;
  loadHash();
  lastGen = gen();
  if (!$('source-text').value && sourceKind() !== 'state') $('source-text').value = '0';
  renderTable();

  $('gen').addEventListener('change', () => {
    if (detecting()) return detectChosen();
    lastGen = gen();
    $('recover').textContent = 'Recover';
    genChanged(true);
    if ($('source-text').value) renderTable();
  });
  for (const r of document.querySelectorAll('input[name=kind]')) r.addEventListener('change', () => { kindChanged(); });
  $('source-form').addEventListener('submit', (e) => { e.preventDefault(); renderTable(); });
  $('source-text').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); renderTable(); }
  });
  $('stream').addEventListener('change', renderTable);
  $('table-form').addEventListener('submit', (e) => { e.preventDefault(); renderTable(); });
  $('rows').addEventListener('change', renderTable);
  $('hex').addEventListener('change', renderTable);
  $('draw-add').addEventListener('change', () => {
    const syntax = $('draw-add').value;
    if (!syntax) return;
    const current = $('draws').value.trim().replace(/;$/, '');
    $('draws').value = current ? `${current}; ${syntax}` : syntax;
    $('draw-add').value = '';
    $('draws').focus();
    // A draw with no placeholder left (a token draw's alphabet is no placeholder) runs at once.
    if (syntax.startsWith('token ') || !/[A-Z]/.test(syntax.replace(/\[.*\]/, ''))) renderTable();
  });
  $('prev').addEventListener('click', () => page(-BigInt($('rows').value)));
  $('next').addEventListener('click', () => page(BigInt($('rows').value)));
  for (const b of document.querySelectorAll('[data-jump]')) b.addEventListener('click', () => page(BigInt(b.dataset.jump)));
  $('copy-link').addEventListener('click', (e) => { saveHash(); copy(location.href, e.target); });
  for (const b of document.querySelectorAll('[data-copy]')) b.addEventListener('click', (e) => copy($(b.dataset.copy).textContent, e.target));
  $('form-fill').addEventListener('click', fillFromValues);
  $('blink-fill').addEventListener('click', fillFromBlinks);
  $('token-fill').addEventListener('click', fillFromTokens);
  $('token-idiom').addEventListener('change', tokenIdiomChanged);
  $('observations').addEventListener('change', saveHash);
  $('recover').addEventListener('click', recover);
  $('recover-cancel').addEventListener('click', restartWorker);
  $('search').addEventListener('click', search);
  $('search-cancel').addEventListener('click', () => { if (searchId !== null) worker.postMessage({ op: 'cancel' }); });
  $('distance-form').addEventListener('submit', (e) => { e.preventDefault(); distance(); });
  for (const id of ['dist-from', 'dist-to']) {
    $(id).addEventListener('keydown', (e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); distance(); } });
  }
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest('input, textarea, select')) return;
    if (e.key === 'n') { page(BigInt($('rows').value)); e.preventDefault(); }
    if (e.key === 'p') { page(-BigInt($('rows').value)); e.preventDefault(); }
    if (e.key === '/') { $('draws').focus(); e.preventDefault(); }
  });
  window.rngkitReady = true;
}

main();
