/**
 * The header tabs' screen modules, loaded by the router on a visit and fetched ahead when a tab is
 * hovered or focused, so the click finds the code already there (a module is fetched once either way).
 */
export const funnels = () => import('../features/funnels/screens.ts');
/** The funnel list alone: the funnel screens' module brings the page blocks and the funnel analytics. */
export const funnelList = () => import('../features/funnels/routes/funnel-list/funnel-list-screen.tsx');
export const orders = () => import('../features/orders/screens.ts');
export const templates = () => import('../features/templates/screens.ts');
export const customers = () => import('../features/customers/screens.ts');
export const analytics = () => import('../features/analytics/screens.ts');
export const automations = () => import('../features/automations/screens.ts');
export const apps = () => import('../features/apps/screens.ts');

const BY_PATH: Readonly<Record<string, () => Promise<unknown>>> = {
  '/get-started': templates,
  '/': analytics,
  '/funnels': funnelList,
  '/orders': orders,
  '/customers': customers,
  '/automations': automations,
  '/apps': apps,
};

/** Starts loading the screen of a header tab's path; a failed fetch is left for the visit to retry. */
export function prefetchScreen(path: string): void {
  BY_PATH[path]?.().catch(() => {});
}
