// What the browser tests and the benchmark share: a static file server for
// the page (the deployable folder in $RNGKIT_WEB_DIR that `scripts/build-web
// --out` makes, else web/), headless Chromium through playwright-core, and
// the rngkit binary.
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..');
const webDir = path.resolve(process.env.RNGKIT_WEB_DIR ?? path.join(root, 'web'));

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Serves the page's folder (or `dir`) on 127.0.0.1 (a free port); resolves
 * to { url, close }.
 */
export async function serve(dir = webDir) {
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.normalize(path.join(dir, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(dir + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

/** Headless Debian Chromium with a fresh profile; resolves to { context, close }. */
export async function browser() {
  const profile = await mkdtemp(path.join(tmpdir(), 'rngkit-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The rngkit binary: $RNGKIT_BIN, else the workspace's debug build. */
export const rngkitBin = process.env.RNGKIT_BIN ?? path.join(root, 'target', 'debug', 'rngkit');

/** Runs rngkit with `args` (and `input` on stdin); returns stdout trimmed. */
export function cli(args, input) {
  // stderr piped, not inherited: a test that expects a refusal reads it from
  // the error, and a passing run prints no `error:` lines of the CLI's.
  return execFileSync(rngkitBin, args, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }).trim();
}
