import { createHash } from 'node:crypto';
import { normalisePath, type SiteData, type SiteFunnel, type SitePage, type SiteStep } from './site-data.ts';

export type Route = { main: SiteFunnel; funnel: SiteFunnel; step: SiteStep; next: SiteStep | null };

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
export function findRoute(
  site: SiteData,
  pathSegments: string[],
  domainId: number | null,
): { funnel: SiteFunnel; step: SiteStep } | null {
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
      const url = segments.slice(1).join('/');
      const step = byPath.steps.find((s) => s.url === url);
      return step ? { funnel: byPath, step } : null;
    }
  }
  const first = firstFunnel(site, domainId);
  const url = segments.join('/');
  const step = first?.steps.find((s) => s.url === url);
  return first && step ? { funnel: first, step } : null;
}

/**
 * Geo-funnels: a visitor whose country a geo-funnel's ab_geo lists is served that geo-funnel's step
 * with the same URL (or at the same position); everyone else the main funnel's.
 */
export function routeForCountry(
  site: SiteData,
  found: { funnel: SiteFunnel; step: SiteStep },
  country: string | null,
): Route {
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

/** A number in [0, 2^32) fixed for a visitor and a step, so the visitor keeps seeing the same variant. */
export function stickyHash(visitorId: string, stepId: number): number {
  return createHash('sha256').update(`${visitorId}:${stepId}`).digest().readUInt32BE(0);
}

/**
 * The page a visitor sees: by country when the step's ab_type is 'geo' (the page listing it, else one
 * without countries, else the first), otherwise by ab_percent, sticky per visitor.
 */
export function pickPage(step: SiteStep, visitorId: string, country: string | null): SitePage | undefined {
  const { pages } = step;
  if (pages.length <= 1) return pages[0];
  if (step.abType === 'geo') {
    return (
      (country ? pages.find((p) => p.abGeo.includes(country)) : undefined) ??
      pages.find((p) => p.abGeo.length === 0) ??
      pages[0]
    );
  }
  const total = pages.reduce((sum, p) => sum + Math.max(0, p.abPercent), 0);
  if (total <= 0) return pages[0];
  let point = stickyHash(visitorId, step.id) % total;
  for (const page of pages) {
    const share = Math.max(0, page.abPercent);
    if (point < share) return page;
    point -= share;
  }
  return pages[pages.length - 1];
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
