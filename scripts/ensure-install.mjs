// Installs dependencies, dev dependencies included, when node_modules is missing, older than the
// lockfile, or lacks a build or test tool (a tree installed earlier with NODE_ENV=production).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The commands `npm start` and `npm test` run from node_modules/.bin; all come from devDependencies. */
export const TOOLS = ['vite', 'tsup', 'tsc', 'biome', 'vitest', 'playwright'];

/** Why `root` needs an install, or null when its node_modules is complete and current. */
export function installReason(root = '.') {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!fs.existsSync(marker)) return 'no node_modules';
  if (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs) {
    return 'package-lock.json is newer than node_modules';
  }
  const missing = missingTools(root);
  if (missing.length > 0) return `node_modules lacks dev dependencies: ${missing.join(', ')}`;
  const nested = missingNested(root, marker);
  if (nested) return `${nested} is missing`;
  return null;
}

/** A workspace's own node_modules (bench/node_modules) that npm's record lists but the tree lacks. */
function missingNested(root, marker) {
  const record = JSON.parse(fs.readFileSync(marker, 'utf8'));
  for (const key of Object.keys(record.packages ?? {})) {
    const nested = key.match(/^((?:[^/]+\/)+?node_modules)\//);
    if (!nested || key.startsWith('node_modules/')) continue;
    if (!fs.existsSync(path.join(root, nested[1]))) return nested[1];
  }
  return null;
}

export function missingTools(root = '.') {
  return TOOLS.filter((tool) => !fs.existsSync(path.join(root, 'node_modules/.bin', tool)));
}

export function ensureInstall() {
  const reason = installReason();
  if (!reason) return;
  // `npm install` with the committed lockfile, not `npm ci`: after a pull it updates node_modules in
  // place, where `npm ci` deletes it first. CI fails when it changes package-lock.json.
  // `--include=dev` because building needs Vite, tsup and TypeScript: without it, NODE_ENV=production
  // (or omit=dev in an .npmrc) makes npm leave the dev dependencies out. The server itself may run
  // with NODE_ENV=production all the same.
  console.log(`Installing dependencies (${reason}): npm install --include=dev, from package-lock.json…`);
  const result = spawnSync('npm', ['install', '--include=dev', '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const missing = missingTools();
  if (missing.length > 0) {
    console.error(`npm install finished, but node_modules/.bin still lacks ${missing.join(', ')}.`);
    process.exit(1);
  }
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status ?? 1;
}
