import { TRACKING_PIXELS_APP_ID } from '@funnelwork/domain/apps/catalogue';
import type { CheckoutGatewayRow } from '@funnelwork/domain/gateways/checkout-gateway';
import { publishedWithinGrace } from '@funnelwork/domain/rules';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';
import {
  accounts,
  domains,
  funnelApps,
  funnels,
  pages,
  steps,
  trackingCodes,
  userApps,
} from '../db/schema/index.ts';
import type { CredentialStore } from '../gateways/credentials.ts';
import { PAYPAL_GATEWAY_ID } from '../gateways/paypal.ts';
import { STRIPE_GATEWAY_ID } from '../gateways/stripe.ts';
import { pixelMarkup } from '../modules/apps/apps.pixels.ts';
import { checkoutGatewaysOf } from './checkout/commerce.ts';
import type { SiteRef } from './hosts.ts';
import { stepGapsOf } from './step-gaps.queries.ts';

/**
 * A published page; `version` is the id of the version it serves, `state` its place in the split test
 * (only 'active' pages are chosen for visitors).
 */
export type SitePage = {
  id: number;
  abPercent: number;
  abGeo: string[];
  version: number;
  state: 'active' | 'paused' | 'retired';
};
export type SiteStep = {
  id: number;
  funnelId: number;
  url: string;
  /** The variant URL (`url2`, normalised), or null: `/{url2}` and `/{url2}/{page id}` name a variant. */
  url2: string | null;
  stepType: number;
  orderIndex: number;
  abType: string | null;
  pages: SitePage[];
  /** It cannot serve a shopper (`stepGapsOf`): the next-step links pass over it. */
  skipped: boolean;
};
export type SiteFunnel = {
  id: number;
  path: string;
  isSubFunnel: boolean;
  groupId: number | null;
  abGeo: string[];
  currency: string | null;
  domainId: number | null;
  /** Published: its addresses serve shoppers (a geo-funnel follows its main funnel). */
  live: boolean;
  steps: SiteStep[];
};
export type TrackingCode = { funnelId: number | null; code: string; position: 'head' | 'body' };

/** Everything routing needs of one account's published funnels, without the page documents. */
export type SiteData = {
  accountId: number;
  subdomain: string | null;
  /** Live main funnels by id (lowest first). */
  funnels: SiteFunnel[];
  /** Live geo-funnels by their main funnel's id. */
  subFunnels: Map<number, SiteFunnel[]>;
  trackingCodes: TrackingCode[];
  /** The account's payment gateways, for the test-mode notice of its checkouts (see checkoutGatewayId). */
  gateways: CheckoutGatewayRow[];
  /** The publishable key of the account's connected Stripe (public: Stripe.js runs with it), else null. */
  stripePublishableKey: string | null;
  /** The client id of the account's connected PayPal (public: PayPal's SDK runs with it), else null. */
  paypalClientId: string | null;
  /** The account's generation this was loaded at (see SiteCache.bump). */
  generation: number;
};

export type HostMatch = { accountId: number; domainId: number | null };

/**
 * How long loaded data is trusted without an invalidation. Writes bump the account on every server process
 * (the invalidation bus); this only bounds what a lost notification could leave behind.
 */
export const SITE_TTL_MS = 30_000;

/**
 * Per-account site data and host lookups, cached in memory. A write through the API bumps the
 * account's generation (and forgets host lookups), so the next request reloads what changed.
 */
export function createSiteCache(db: Db, credentials: CredentialStore, options: { ttlMs?: number } = {}) {
  const ttl = options.ttlMs ?? SITE_TTL_MS;
  const generations = new Map<number, number>();
  // Added to every account's generation: `bumpAll` moves them all on, and no generation comes back.
  let epoch = 0;
  // Past its TTL an entry is still served while one reload runs in the background (stale while
  // revalidate): a request never waits for the database behind a busy Dashboard to learn what it knew.
  // A write's bump deletes the entries, so changed data is never served stale.
  const sites = new LRUCache<number, SiteData>({
    max: 5_000,
    ttl,
    allowStale: true,
    noDeleteOnStaleGet: true,
  });
  const hosts = new LRUCache<string, HostMatch | 'none'>({
    max: 20_000,
    ttl,
    allowStale: true,
    noDeleteOnStaleGet: true,
  });
  const reloadingHosts = new Set<string>();

  const generationOf = (accountId: number) => epoch + (generations.get(accountId) ?? 0);

  const hostKey = (ref: SiteRef) => (ref.kind === 'subdomain' ? `s:${ref.subdomain}` : `d:${ref.host}`);

  /** The cached answer for a host without waiting: a match, null when none, undefined when not cached. */
  function cachedHost(ref: SiteRef): HostMatch | null | undefined {
    const key = hostKey(ref);
    const cached = hosts.get(key);
    if (cached !== undefined && hosts.getRemainingTTL(key) <= 0 && !reloadingHosts.has(key)) {
      reloadingHosts.add(key);
      void loadHost(ref)
        .catch(() => {})
        .finally(() => reloadingHosts.delete(key));
    }
    return cached === 'none' ? null : cached;
  }

  async function findHost(ref: SiteRef): Promise<HostMatch | null> {
    const cached = cachedHost(ref);
    if (cached !== undefined) return cached;
    return loadHost(ref);
  }

  async function loadHost(ref: SiteRef): Promise<HostMatch | null> {
    let match: HostMatch | null = null;
    if (ref.kind === 'subdomain') {
      const [row] = await db
        .select({ id: accounts.id, planExpiryDate: accounts.planExpiryDate })
        .from(accounts)
        .where(sql`lower(${accounts.subdomain}) = ${ref.subdomain}`)
        .limit(1);
      if (row && publishedWithinGrace(row.planExpiryDate, new Date()))
        match = { accountId: row.id, domainId: null };
    } else {
      const [row] = await db
        .select({ id: domains.id, accountId: domains.accountId, planExpiryDate: accounts.planExpiryDate })
        .from(domains)
        .innerJoin(accounts, eq(accounts.id, domains.accountId))
        .where(and(sql`lower(${domains.name}) = ${ref.host}`, isNotNull(domains.verifiedAt)))
        .limit(1);
      // An account whose plan expired more than the grace period ago publishes nothing (docs/decisions/checkout-and-payments.md "Expired account").
      if (row && publishedWithinGrace(row.planExpiryDate, new Date())) {
        match = { accountId: row.accountId, domainId: row.id };
      }
    }
    hosts.set(hostKey(ref), match ?? 'none');
    return match;
  }

  async function load(accountId: number): Promise<SiteData> {
    const generation = generationOf(accountId);
    const [account] = await db
      .select({ subdomain: accounts.subdomain })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    const funnelRows = await db
      .select()
      .from(funnels)
      .where(and(eq(funnels.accountId, accountId), isNull(funnels.deletedAt)))
      .orderBy(asc(funnels.id));
    const stepRows = await db
      .select()
      .from(steps)
      .where(and(eq(steps.accountId, accountId), isNull(steps.deletedAt)))
      .orderBy(asc(steps.orderIndex), asc(steps.id));
    const pageRows = await db
      .select({
        id: pages.id,
        stepId: pages.stepId,
        abPercent: pages.abPercent,
        abGeo: pages.abGeo,
        abState: pages.abState,
        publishedVersionId: pages.publishedVersionId,
      })
      .from(pages)
      .where(and(eq(pages.accountId, accountId), isNotNull(pages.publishedVersionId)))
      .orderBy(asc(pages.id));
    const codeRows = await db
      .select()
      .from(trackingCodes)
      .where(eq(trackingCodes.accountId, accountId))
      .orderBy(asc(trackingCodes.orderIndex), asc(trackingCodes.id));

    // The tracking-pixels app of a funnel is one more head code of it, while it and the account's switch are on.
    const pixelRows = await db
      .select({ funnelId: funnelApps.funnelId, settings: funnelApps.settings, switched: userApps.active })
      .from(funnelApps)
      .leftJoin(
        userApps,
        and(eq(userApps.accountId, funnelApps.accountId), eq(userApps.appId, funnelApps.appId)),
      )
      .where(
        and(
          eq(funnelApps.accountId, accountId),
          eq(funnelApps.appId, TRACKING_PIXELS_APP_ID),
          eq(funnelApps.active, true),
        ),
      )
      .orderBy(asc(funnelApps.id));
    const pixelCodes: TrackingCode[] = pixelRows
      .filter((row) => row.switched !== false)
      .map((row) => ({ funnelId: row.funnelId, code: pixelMarkup(row.settings), position: 'head' as const }))
      .filter((code) => code.code !== '');

    const gateways = await checkoutGatewaysOf(db, accountId);
    const stripe = gateways.some((g) => g.gatewayId === STRIPE_GATEWAY_ID && g.active)
      ? await credentials.load(accountId, STRIPE_GATEWAY_ID)
      : null;
    const paypal = gateways.some((g) => g.gatewayId === PAYPAL_GATEWAY_ID && g.active)
      ? await credentials.load(accountId, PAYPAL_GATEWAY_ID)
      : null;
    const gaps = await stepGapsOf(db, accountId);

    const pagesByStep = new Map<number, SitePage[]>();
    for (const p of pageRows) {
      const list = pagesByStep.get(p.stepId) ?? [];
      list.push({
        id: p.id,
        abPercent: p.abPercent,
        abGeo: p.abGeo.map((c) => c.toUpperCase()),
        version: p.publishedVersionId as number,
        state: p.abState,
      });
      pagesByStep.set(p.stepId, list);
    }
    const stepsByFunnel = new Map<number, SiteStep[]>();
    for (const s of stepRows) {
      const list = stepsByFunnel.get(s.funnelId) ?? [];
      list.push({
        id: s.id,
        funnelId: s.funnelId,
        url: normalisePath(s.url),
        url2: s.url2 && normalisePath(s.url2) !== '' ? normalisePath(s.url2) : null,
        stepType: s.stepType,
        orderIndex: s.orderIndex,
        abType: s.abType,
        pages: pagesByStep.get(s.id) ?? [],
        skipped: Boolean(gaps.get(s.id)),
      });
      stepsByFunnel.set(s.funnelId, list);
    }
    const main: SiteFunnel[] = [];
    const subFunnels = new Map<number, SiteFunnel[]>();
    const liveMains = new Set(funnelRows.filter((f) => f.publishedAt !== null).map((f) => f.id));
    for (const f of funnelRows) {
      const funnel: SiteFunnel = {
        id: f.id,
        path: normalisePath(f.path),
        isSubFunnel: f.isSubFunnel,
        groupId: f.funnelGroupId,
        abGeo: f.abGeo.map((c) => c.toUpperCase()),
        currency: f.currencyCode,
        domainId: f.domainId,
        live: liveMains.has(f.isSubFunnel && f.funnelGroupId !== null ? f.funnelGroupId : f.id),
        steps: stepsByFunnel.get(f.id) ?? [],
      };
      if (f.isSubFunnel && f.funnelGroupId !== null) {
        const list = subFunnels.get(f.funnelGroupId) ?? [];
        list.push(funnel);
        subFunnels.set(f.funnelGroupId, list);
      } else if (!f.isSubFunnel) main.push(funnel);
    }
    const live = new Set(
      [...main, ...[...subFunnels.values()].flat()].filter((f) => f.live).map((f) => f.id),
    );
    return {
      accountId,
      subdomain: account?.subdomain ?? null,
      funnels: main,
      subFunnels,
      trackingCodes: [
        ...codeRows.map((c) => ({ funnelId: c.funnelId, code: c.code, position: c.position })),
        ...pixelCodes,
      ].filter((c) => c.funnelId === null || live.has(c.funnelId)),
      gateways,
      stripePublishableKey: stripe?.publishable_key ?? null,
      paypalClientId: paypal?.client_id ?? null,
      generation,
    };
  }

  const loading = new Map<number, Promise<SiteData>>();

  /** Loads the account's site data once at a time (concurrent callers share the load) and caches it. */
  function reload(accountId: number): Promise<SiteData> {
    const inFlight = loading.get(accountId);
    if (inFlight) return inFlight;
    const promise = load(accountId)
      .then((data) => {
        sites.set(accountId, data);
        return data;
      })
      .finally(() => loading.delete(accountId));
    loading.set(accountId, promise);
    return promise;
  }

  /**
   * The account's site data when it is cached and current, without waiting; undefined otherwise. Past its
   * TTL it is still answered, and reloaded in the background.
   */
  function cachedSite(accountId: number): SiteData | undefined {
    const cached = sites.get(accountId);
    if (!cached || cached.generation !== generationOf(accountId)) return undefined;
    if (sites.getRemainingTTL(accountId) <= 0) reload(accountId).catch(() => {});
    return cached;
  }

  return {
    findHost,
    cachedHost,
    cachedSite,
    generationOf,
    /** The account's site data, loaded once per generation (concurrent requests share the load). */
    async site(accountId: number): Promise<SiteData> {
      return cachedSite(accountId) ?? reload(accountId);
    },
    /** Something of the account changed (a page save, a step, a tracking code, a domain, the subdomain). */
    bump(accountId: number) {
      generations.set(accountId, (generations.get(accountId) ?? 0) + 1);
      sites.delete(accountId);
      hosts.clear();
    },
    /** Anything may have changed (invalidations may have been missed): every account reloads. */
    bumpAll() {
      epoch++;
      sites.clear();
      hosts.clear();
    },
  };
}

export type SiteCache = ReturnType<typeof createSiteCache>;

/** A funnel path or step URL as compared: lower case, without surrounding slashes. */
export function normalisePath(value: string): string {
  return value
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}
