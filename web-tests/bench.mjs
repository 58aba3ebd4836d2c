// Benchmarks of the workbench page in headless Chromium (docs/performance.md):
//   node bench.mjs [SEEDS]
// 1. page load to the first frame table (ms from navigation start), five
//    fresh pages;
// 2. MT19937 seed search in the page's Web Worker over SEEDS seeds
//    (default 2^25), one observation that matches no seed, as the page runs it.
// Needs web/rngkit.wasm (scripts/build-web) and web-tests/node_modules (npm ci).
import { serve, browser } from './harness.mjs';

const seeds = Number(process.argv[2] ?? 2 ** 25);
const server = await serve();
const chrome = await browser();
try {
  const loads = [];
  for (let i = 0; i < 5; i += 1) {
    const page = await chrome.context.newPage();
    await page.goto(`${server.url}#gen=unity&kind=seed&src=0&draws=value&start=0&rows=20`);
    await page.waitForFunction(() => window.rngkitFirstTable !== undefined);
    loads.push(await page.evaluate(() => window.rngkitFirstTable));
    await page.close();
  }
  loads.sort((a, b) => a - b);
  console.log(`page load to first table: median ${loads[2].toFixed(0)} ms (first ${loads.map((x) => x.toFixed(0)).join(', ')})`);

  const page = await chrome.context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => window.rngkitReady === true);
  await page.selectOption('#gen', 'mt19937');
  await page.fill('#observations', 'u32 = 0');
  await page.fill('#seeds', `0..${seeds}`);
  await page.click('#search');
  await page.waitForFunction(() => document.querySelector('#search-status').dataset.state === 'finished', null, { timeout: 600000 });
  const rate = Number(await page.evaluate(() => document.querySelector('#search-status').dataset.rate));
  console.log(`MT19937 seed search in the worker: ${seeds} seeds, ${(rate / 1e6).toFixed(2)} M seeds/s`);
  console.log(await page.textContent('#search-status'));
} finally {
  await chrome.close();
  await server.close();
}
