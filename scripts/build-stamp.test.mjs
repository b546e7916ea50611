// `npm start` rebuilds only when a source changed: a second start of the same tree serves at once, and
// any edit, pull or new lockfile builds again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInputHash, buildIsCurrent, writeBuildStamp } from './build-stamp.mjs';

let root = '';

function write(file, text) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-stamp-'));
  write('package-lock.json', '{}');
  write('apps/web/src/main.tsx', 'web');
  write('apps/server/src/server.ts', 'server');
  write('packages/blocks/src/index.ts', 'blocks');
  // A build's outputs.
  write('apps/web/dist/index.html', '<html>');
  write('apps/server/dist/server.js', 'built');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('is missing on a fresh tree, so the first start builds', () => {
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('makes the next start skip a build of the same sources', () => {
    writeBuildStamp(root);
    expect(buildIsCurrent(root)).toBe(true);
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx'],
    ['a server source', 'apps/server/src/server.ts'],
    ['a package source', 'packages/blocks/src/index.ts'],
    ['the lockfile', 'package-lock.json'],
  ])('is stale after an edit of %s', (_name, file) => {
    writeBuildStamp(root);
    write(file, 'changed');
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('is stale when a source file is added', () => {
    writeBuildStamp(root);
    write('apps/server/src/new.ts', '');
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('ignores dependencies, build output and test output', () => {
    const before = buildInputHash(root);
    write('apps/web/node_modules/x/index.js', 'dep');
    write('apps/web/dist/assets/app.js', 'out');
    write('packages/blocks/test-results/shot.png', 'png');
    expect(buildInputHash(root)).toBe(before);
  });

  it('does not vouch for outputs that are gone', () => {
    writeBuildStamp(root);
    fs.rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(buildIsCurrent(root)).toBe(false);
  });
});
