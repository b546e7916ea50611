import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const domain = path.resolve(web, '../../../packages/domain/src');

/** A module's file: relative, or the domain package's (`@funnelwork/domain/api/users`); other packages stay names. */
function fileOf(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  if (specifier === '@funnelwork/domain') return path.join(domain, 'index.ts');
  if (specifier.startsWith('@funnelwork/domain/'))
    return path.join(domain, `${specifier.slice('@funnelwork/domain/'.length)}.ts`);
  return null;
}

/** The packages the modules `file` loads import, as `module → package` (type-only imports are erased). */
function packagesLoadedBy(file: string, seen = new Set<string>(), found: string[] = []): string[] {
  if (seen.has(file) || !fs.existsSync(file) || file.endsWith('.css')) return found;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
    const next = fileOf(file, specifier as string);
    if (next) packagesLoadedBy(next, seen, found);
    else found.push(`${path.relative(web, file)} → ${specifier}`);
  }
  return found;
}

describe("the dashboard's entry chunk (main.tsx and what it imports statically)", () => {
  it('loads no zod: the session calls name their rows by address, importing the table as types only', () => {
    const loaded = packagesLoadedBy(path.join(web, 'main.tsx'));
    expect(loaded.filter((line) => line.endsWith('→ zod'))).toEqual([]);
    // The walk does reach the session's calls and the typed client (else the check above passes vacuously).
    expect(loaded).toContain('features/session/api.ts → @tanstack/react-query');
  });

  it('finds zod where a lazily loaded screen imports the table (the walk can see it)', () => {
    const loaded = packagesLoadedBy(path.join(web, 'features/funnels/api.ts'));
    expect(loaded.some((line) => line.endsWith('→ zod'))).toBe(true);
  });
});

describe("a cold /orders (issue 37 §1: ≤ 350 KB): the header's layout and the orders screen's module", () => {
  it('load no zod: the orders and customers calls name their rows by address', () => {
    const seen = new Set<string>();
    const loaded = [
      ...packagesLoadedBy(path.join(web, 'app/layouts/main-layout.tsx'), seen),
      ...packagesLoadedBy(path.join(web, 'features/orders/screens.ts'), seen),
    ];
    expect(loaded.filter((line) => line.endsWith('→ zod'))).toEqual([]);
    // The walk reaches the orders screen's calls and the customer panel it opens.
    expect(loaded).toContain('features/orders/api.ts → @tanstack/react-query');
    expect(loaded).toContain('features/customers/api.ts → @tanstack/react-query');
  });
});

describe('a cold Dashboard: the header, the Activity layout and the analytics screens’ module', () => {
  it('load no zod: the analytics and activity calls name their rows by address', () => {
    const seen = new Set<string>();
    const loaded = [
      ...packagesLoadedBy(path.join(web, 'app/layouts/main-layout.tsx'), seen),
      ...packagesLoadedBy(path.join(web, 'features/activity/screens.ts'), seen),
      ...packagesLoadedBy(path.join(web, 'features/analytics/screens.ts'), seen),
    ];
    expect(loaded.filter((line) => line.endsWith('→ zod'))).toEqual([]);
    // The walk reaches both screens' calls (luxon: the ranges' zone arithmetic).
    expect(loaded).toContain('features/analytics/api.ts → @tanstack/react-query');
    expect(loaded).toContain('features/activity/api.ts → @tanstack/react-query');
  });
});
