import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every module `file` loads, following relative imports and re-exports (type-only imports are erased). */
function moduleGraph(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const source = fs.readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map(
    (m) => m[1] as string,
  );
  seen.set(file, specifiers);
  for (const specifier of specifiers)
    if (specifier.startsWith('.')) moduleGraph(path.resolve(path.dirname(file), specifier), seen);
  return seen;
}

describe('the rules barrel (what the dashboard loads first, 98 imports on the web)', () => {
  it('loads no zod and no jStat: their module-level code cannot be tree-shaken from the first load', () => {
    const packages = [...moduleGraph(path.join(here, 'rules.ts')).entries()].flatMap(([file, specifiers]) =>
      specifiers.filter((s) => !s.startsWith('.')).map((s) => `${path.relative(here, file)} → ${s}`),
    );
    expect(packages.filter((line) => /→ (zod|jstat)$/.test(line))).toEqual([]);
    // The walk does reach the analytics rules (a broken walk would pass the check above vacuously).
    expect(packages).toContain('analytics/buckets.ts → luxon');
  });
});
