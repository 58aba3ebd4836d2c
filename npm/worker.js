// The seed search's worker (a Web Worker in browsers, a worker_threads
// Worker in Node): runs the search slice by slice on its own instance of
// the engine and posts each slice's progress and matches; the package
// stops it by terminating the worker.
import { instantiate, isNode, nodeModule } from './engine.js';

const port = isNode ? (await nodeModule('node:worker_threads')).parentPort : globalThis;

function listen(f) {
  if (isNode) port.on('message', f);
  else port.addEventListener('message', (e) => f(e.data));
}

listen(({ module, fields }) => {
  try {
    const { call } = instantiate(module);
    call('search_start', fields);
    // Slices of about 100 ms: start small, then scale to the measured rate.
    let slice = 1 << 14;
    for (;;) {
      const t0 = performance.now();
      const step = call('search_step', { seeds: slice });
      port.postMessage(step);
      if (step.finished) return;
      const dt = performance.now() - t0;
      slice = Math.max(1 << 12, Math.min(1 << 24, Math.round(slice * Math.min(4, 100 / Math.max(dt, 1)))));
    }
  } catch (err) {
    port.postMessage({ error: err.message ?? String(err) });
  }
});
