// The page's Web Worker: recovery, distances and the seed search run here,
// so the page stays responsive. The search runs slice by slice (the engine
// has no threads in the browser): after each slice it posts its progress
// and matches, then yields, so a cancel message is read between slices.
import { load } from './rngkit.js';

const engine = load();
let cancelled = false;

// Yields to the event loop without setTimeout's clamping.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
const yieldNow = () => new Promise((resolve) => { waiting.push(resolve); channel.port2.postMessage(0); });

async function search(id, fields) {
  const e = await engine;
  cancelled = false;
  const { total } = e.call('search_start', fields);
  const started = performance.now();
  // Slices of about 100 ms: start small, then scale to the measured rate.
  let slice = 1 << 14;
  for (;;) {
    const t0 = performance.now();
    const step = e.call('search_step', { seeds: slice });
    const dt = performance.now() - t0;
    const elapsed = (performance.now() - started) / 1000;
    postMessage({ id, kind: 'progress', done: step.done, total, matches: step.matches,
                  rate: Number(step.done) / Math.max(elapsed, 1e-3), seconds: elapsed });
    if (step.finished) return postMessage({ id, kind: 'end', cancelled: false, done: step.done, total, seconds: elapsed });
    await yieldNow();
    if (cancelled) return postMessage({ id, kind: 'end', cancelled: true, done: step.done, total, seconds: elapsed });
    const target = 100;
    slice = Math.max(1 << 12, Math.min(1 << 24, Math.round(slice * Math.min(4, target / Math.max(dt, 1)))));
  }
}

onmessage = async ({ data }) => {
  if (data.op === 'cancel') { cancelled = true; return; }
  const { id } = data;
  try {
    if (data.op === 'search') return await search(id, data.fields);
    const e = await engine;
    postMessage({ id, ok: e.call(data.name, data.fields) });
  } catch (err) {
    postMessage({ id, kind: 'end', error: err.message ?? String(err) });
  }
};
