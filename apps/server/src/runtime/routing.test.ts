import { describe, expect, it } from 'vitest';
import { findRoute, namedVariant, pickPage } from './routing.ts';
import type { SiteData, SitePage, SiteStep } from './site-data.ts';

const page = (id: number, abPercent: number, state: SitePage['state'] = 'active'): SitePage => ({
  id,
  abPercent,
  abGeo: [],
  version: id,
  state,
});
const stepOf = (pages: SitePage[], url2: string | null = 'offer-b'): SiteStep => ({
  id: 7,
  funnelId: 1,
  url: 'offer',
  url2,
  stepType: 5,
  orderIndex: 1,
  abType: null,
  pages,
  skipped: false,
});
const visitors = Array.from({ length: 400 }, (_, i) => `visitor-${i}`);
const chosen = (step: SiteStep) => new Map(visitors.map((v) => [v, pickPage(step, v, null)?.id]));

describe('pickPage: the variant a visitor is served', () => {
  it('splits visitors by share and gives a visitor the same variant every time', () => {
    const step = stepOf([page(1, 50), page(2, 50)]);
    const first = chosen(step);
    expect(chosen(step)).toEqual(first);
    const a = [...first.values()].filter((id) => id === 1).length;
    expect(a).toBeGreaterThan(150);
    expect(a).toBeLessThan(250);
  });

  it('never serves a paused or retired page while one runs, nor a running one at 0 %', () => {
    const step = stepOf([page(1, 0, 'retired'), page(2, 100), page(3, 0, 'paused'), page(4, 0)]);
    expect(new Set(chosen(step).values())).toEqual(new Set([2]));
  });

  it('keeps visitors on their variant when another is added or paused (rendezvous, not a cumulative split)', () => {
    const before = chosen(stepOf([page(1, 50), page(2, 50)]));
    const withC = chosen(stepOf([page(1, 40), page(2, 40), page(3, 20)]));
    for (const v of visitors) expect([before.get(v), 3]).toContain(withC.get(v));
    // Pausing A moves only A's visitors.
    const noA = chosen(stepOf([page(1, 0, 'paused'), page(2, 100)]));
    for (const v of visitors) if (before.get(v) === 2) expect(noA.get(v)).toBe(2);
  });
});

describe('variant URLs', () => {
  const step = stepOf([page(1, 50), page(2, 50), page(3, 0, 'retired')]);
  const site = {
    funnels: [{ id: 1, path: 'guide', live: true, steps: [step], domainId: null }],
    subFunnels: new Map(),
  } as unknown as SiteData;

  it('finds the step by its variant URL, with or without a page id; the step URL wins', () => {
    expect(findRoute(site, ['guide', 'offer'], null)).toMatchObject({ step: { id: 7 } });
    expect(findRoute(site, ['guide', 'offer'], null)?.variant).toBeUndefined();
    expect(findRoute(site, ['guide', 'offer-b'], null)?.variant).toBe('b');
    expect(findRoute(site, ['guide', 'offer-b', '2'], null)?.variant).toBe(2);
    expect(findRoute(site, ['guide', 'offer-b', 'x'], null)).toBeNull();
    expect(findRoute(site, ['offer-b', '1'], null)?.variant).toBe(1);
  });

  it('serves the running variant it names; /url2 alone the second running one; a retired one none', () => {
    expect(namedVariant(step, 1)?.id).toBe(1);
    expect(namedVariant(step, 'b')?.id).toBe(2);
    expect(namedVariant(step, 3)).toBeUndefined();
    expect(namedVariant(step, 99)).toBeUndefined();
  });
});
