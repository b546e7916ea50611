// Installs dependencies when node_modules is missing or older than the lockfile.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function ensureInstall() {
  const marker = 'node_modules/.package-lock.json';
  const lock = 'package-lock.json';
  const stale =
    !fs.existsSync(marker) ||
    (fs.existsSync(lock) && fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs);
  if (!stale) return;
  // `npm install` with the committed lockfile, not `npm ci`: the registry reachable here lacks other
  // platforms' optional binaries (Biome's), which `npm ci` insists on finding in the lockfile.
  console.log('Installing dependencies (npm install, from package-lock.json)…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status ?? 1;
}
