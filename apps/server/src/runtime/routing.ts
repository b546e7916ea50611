import { createHash } from 'node:crypto';
import { normalisePath, type SiteData, type SiteFunnel, type SitePage, type SiteStep } from './site-data.ts';

export type Route = { main: SiteFunnel; funnel: SiteFunnel; step: SiteStep; next: SiteStep | null };

/**
 * A step an address names, and the variant when it is a variant URL: `/{url2}` names the step's second
 * running variant ('b'), `/{url2}/{page id}` that page.
 */
export type Found = { funnel: SiteFunnel; step: SiteStep; variant?: number | 'b' };

/** The step of `funnel` a step address names: its URL first, then its variant URL (with a page id). */
function stepAt(funnel: SiteFunnel, url: string): Omit<Found, 'funnel'> | null {
  const step = funnel.steps.find((s) => s.url === url);
  if (step) return { step };
  const byUrl2 = funnel.steps.find((s) => s.url2 === url);
  if (byUrl2) return { step: byUrl2, variant: 'b' };
  const slash = url.lastIndexOf('/');
  if (slash > 0 && /^[1-9][0-9]{0,15}$/.test(url.slice(slash + 1))) {
    const prefix = url.slice(0, slash);
    const named = funnel.steps.find((s) => s.url2 === prefix);
    if (named) return { step: named, variant: Number(url.slice(slash + 1)) };
  }
  return null;
}

/** The funnel an empty path serves: the lowest-id published main funnel (on a custom domain, one assigned to it first). */
function firstFunnel(site: SiteData, domainId: number | null): SiteFunnel | undefined {
  const withSteps = site.funnels.filter((f) => f.live && f.steps.length > 0);
  if (domainId !== null) {
    const assigned = withSteps.find((f) => f.domainId === domainId);
    if (assigned) return assigned;
  }
  return withSteps[0];
}

/**
 * The main funnel and step a path names: `/{funnel path}/{step url}`, `/{funnel path}` (its first
 * step), `/{step url}` of the first funnel, or `/` (the first funnel's first step).
 */
export function findRoute(site: SiteData, pathSegments: string[], domainId: number | null): Found | null {
  const segments = pathSegments.map((s) => normalisePath(s)).filter((s) => s !== '');
  if (segments.length === 0) {
    const funnel = firstFunnel(site, domainId);
    const step = funnel?.steps[0];
    return funnel && step ? { funnel, step } : null;
  }
  const byPath = site.funnels.find((f) => f.path === segments[0]);
  if (byPath) {
    if (segments.length === 1) {
      const step = byPath.steps[0];
      if (step) return { funnel: byPath, step };
    } else {
      const at = stepAt(byPath, segments.slice(1).join('/'));
      return at ? { funnel: byPath, ...at } : null;
    }
  }
  const first = firstFunnel(site, domainId);
  const at = first ? stepAt(first, segments.join('/')) : null;
  return first && at ? { funnel: first, ...at } : null;
}

/**
 * Geo-funnels: a visitor whose country a geo-funnel's ab_geo lists is served that geo-funnel's step
 * with the same URL (or at the same position); everyone else the main funnel's.
 */
export function routeForCountry(site: SiteData, found: Found, country: string | null): Route {
  const { funnel: main, step } = found;
  let funnel = main;
  let chosen = step;
  if (country) {
    const sub = geoFunnelsOf(site, main).find((f) => f.abGeo.includes(country));
    if (sub) {
      const same = counterpart(main, step, sub);
      if (same) {
        funnel = sub;
        chosen = same;
      }
    }
  }
  return { main, funnel, step: chosen, next: stepAfter(funnel, chosen) };
}

/** The step a shopper goes on to from `step`: the next one that can serve them (blank ones are passed over). */
export function stepAfter(funnel: SiteFunnel, step: SiteStep): SiteStep | null {
  const index = funnel.steps.indexOf(step);
  if (index < 0) return null;
  return funnel.steps.slice(index + 1).find((s) => !s.skipped) ?? null;
}

/** A number in [0, 2^32) fixed for a visitor and a key (a step and page), so the visitor keeps their variant. */
export function stickyHash(visitorId: string, key: number | string): number {
  return createHash('sha256').update(`${visitorId}:${key}`).digest().readUInt32BE(0);
}

/**
 * The variant a visitor sees: by country when the step's ab_type is 'geo' (the page listing it, else one
 * without countries, else the first), otherwise among the running pages by ab_percent. The percent choice
 * is weighted rendezvous hashing: each running page scores `-ln(hash(visitor, step, page)) / share` and the
 * lowest wins, so a visitor keeps their variant on return, and keeps it while other variants are added,
 * paused or re-weighted (only a visitor of a page that stops running moves). Paused and retired pages are
 * never chosen while one runs. The one place a variant is chosen (the CDN's variant redirect calls it too).
 */
export function pickPage(step: SiteStep, visitorId: string, country: string | null): SitePage | undefined {
  const { pages } = step;
  if (pages.length <= 1) return pages[0];
  const running = pages.filter((p) => p.state === 'active');
  if (step.abType === 'geo') {
    const candidates = running.length > 0 ? running : pages;
    return (
      (country ? candidates.find((p) => p.abGeo.includes(country)) : undefined) ??
      candidates.find((p) => p.abGeo.length === 0) ??
      candidates[0]
    );
  }
  const shared = running.filter((p) => p.abPercent > 0);
  if (shared.length <= 1) return shared[0] ?? running[0] ?? pages[0];
  let best: SitePage | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const page of shared) {
    const unit = (stickyHash(visitorId, `${step.id}:${page.id}`) + 0.5) / 2 ** 32;
    const score = -Math.log(unit) / page.abPercent;
    if (score < bestScore) {
      bestScore = score;
      best = page;
    }
  }
  return best;
}

/**
 * The page a variant URL names: `/{url2}/{page id}` that page while it runs, `/{url2}` the step's second
 * running page (variant B); a paused or retired page, or one never published, gives the step's choice.
 */
export function namedVariant(step: SiteStep, variant: number | 'b'): SitePage | undefined {
  const running = step.pages.filter((p) => p.state === 'active');
  if (variant === 'b') return running[1];
  return running.find((p) => p.id === variant);
}

/** The geo-funnels of a main funnel that can serve a step (they list countries and have steps). */
function geoFunnelsOf(site: SiteData, main: SiteFunnel): SiteFunnel[] {
  return (site.subFunnels.get(main.id) ?? []).filter((f) => f.abGeo.length > 0 && f.steps.length > 0);
}

/** A geo-funnel's step that stands for a main funnel's step: the same URL, else the same position. */
function counterpart(main: SiteFunnel, step: SiteStep, sub: SiteFunnel): SiteStep | undefined {
  return sub.steps.find((s) => s.url === step.url) ?? sub.steps[main.steps.indexOf(step)] ?? sub.steps[0];
}

export type Variant = { route: Route; page: SitePage };

/**
 * The one place a step's variant is chosen (docs/decisions/dashboard-and-delivery.md, published pages
 * behind a CDN). `named` is the variant address's page id (`?fw_v=`): when it is one of the pages the
 * step can serve (its own or a geo-funnel's stand-in step's), that page, whoever asks. Otherwise the
 * visitor's country picks the geo-funnel and the step's A/B split (sticky per visitor) or ab_geo the page.
 * `varies` says whether the step's address answers differently by visitor or country: such an address
 * redirects to its variant's own address, which a shared cache can hold.
 */
export function chooseVariant(
  site: SiteData,
  found: { funnel: SiteFunnel; step: SiteStep },
  who: { visitorId: string; country: string | null; named: number | null },
): (Variant & { varies: boolean }) | null {
  const { funnel: main, step } = found;
  const geo = geoFunnelsOf(site, main);
  const varies = geo.length > 0 || step.pages.length > 1;
  if (who.named !== null) {
    const candidates: Array<{ funnel: SiteFunnel; step: SiteStep }> = [
      { funnel: main, step },
      ...geo.flatMap((sub) => {
        const same = counterpart(main, step, sub);
        return same ? [{ funnel: sub, step: same }] : [];
      }),
    ];
    for (const candidate of candidates) {
      const page = candidate.step.pages.find((p) => p.id === who.named);
      if (page) {
        const route = { main, ...candidate, next: stepAfter(candidate.funnel, candidate.step) };
        return { route, page, varies };
      }
    }
  }
  const route = routeForCountry(site, found, who.country);
  const page = pickPage(route.step, who.visitorId, who.country);
  return page ? { route, page, varies } : null;
}

/** A published step's path under a base ('' on a pages host, '/p/{subdomain}' in the path form). */
export function stepHref(base: string, funnel: SiteFunnel, step: SiteStep): string {
  const parts = [funnel.path, step.url]
    .filter((p) => p !== '')
    .map((p) => p.split('/').map(encodeURIComponent).join('/'));
  return `${base}/${parts.join('/')}`;
}
