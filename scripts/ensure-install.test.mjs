// When `npm start` and `npm test` install: issue 19 (a tree installed with NODE_ENV=production lacked
// Vite, and every later start stopped with "vite: not found" because the install marker was there).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installReason, TOOLS } from './ensure-install.mjs';

let root = '';

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-install-'));
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** node_modules as npm leaves it, with these commands in .bin, written after the lockfile. */
function installed(tools, packages = {}) {
  fs.mkdirSync(path.join(root, 'node_modules/.bin'), { recursive: true });
  for (const tool of tools) fs.writeFileSync(path.join(root, 'node_modules/.bin', tool), '');
  const marker = path.join(root, 'node_modules/.package-lock.json');
  fs.writeFileSync(marker, JSON.stringify({ packages }));
  const later = new Date(fs.statSync(path.join(root, 'package-lock.json')).mtimeMs + 1000);
  fs.utimesSync(marker, later, later);
}

describe('installReason', () => {
  it('installs into a fresh clone', () => {
    expect(installReason(root)).toBe('no node_modules');
  });

  it('leaves a complete tree, newer than the lockfile, alone', () => {
    installed(TOOLS);
    expect(installReason(root)).toBeNull();
  });

  it('installs again when the lockfile is newer than node_modules', () => {
    installed(TOOLS);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'package-lock.json'), later, later);
    expect(installReason(root)).toBe('package-lock.json is newer than node_modules');
  });

  it('repairs a tree installed without dev dependencies (NODE_ENV=production), though its marker is current', () => {
    installed([]);
    expect(installReason(root)).toBe(
      'node_modules lacks dev dependencies: vite, tsup, tsc, biome, vitest, playwright',
    );
  });

  it('names only the commands that are missing', () => {
    installed(TOOLS.filter((tool) => tool !== 'vite'));
    expect(installReason(root)).toBe('node_modules lacks dev dependencies: vite');
  });

  it('installs again when a workspace lacks its own node_modules (CI moved only the root one)', () => {
    const packages = { 'node_modules/vite': {}, 'bench/node_modules/lighthouse': {} };
    installed(TOOLS, packages);
    expect(installReason(root)).toBe('bench/node_modules is missing');
    fs.mkdirSync(path.join(root, 'bench/node_modules/lighthouse'), { recursive: true });
    expect(installReason(root)).toBeNull();
  });
});
