import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SLOW_FILES } from './slowest-first.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('the slowest-first order of test files', () => {
  it('names only test files that exist (a renamed file would silently lose its place)', () => {
    const missing = Object.keys(SLOW_FILES).filter((file) => !fs.existsSync(path.join(root, file)));
    expect(missing).toEqual([]);
  });
});
