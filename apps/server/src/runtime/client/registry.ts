/** What the server put in the page (#fw-data): ids and the next step's address. */
export type PageData = {
  pageId: number;
  stepId: number;
  funnelId: number;
  nextUrl: string | null;
  /** The funnel's currency for displayed prices (the server prices the order itself). */
  currency: string | null;
  optinUrl: string;
  /** Where this view is reported (the server sets the visitor cookies there); null: already counted. */
  viewUrl: string | null;
  /** Said on the payment form, e.g. that the store takes test payments only; null for nothing. */
  paymentNotice: string | null;
  /**
   * The gateway the payment form charges, for Stripe its script and publishable key, and PayPal's
   * SDK and client id when its buttons show beside the form (or alone, when `id` is PayPal's).
   */
  gateway: {
    id: number;
    publishableKey: string | null;
    scriptUrl: string | null;
    paypal?: { clientId: string; sdkUrl: string } | null;
  };
};

export type Hydrator = (element: HTMLElement, data: PageData) => void;
/** A click on an element with data-action; answer true when handled (the default then does not run). */
export type ActionHandler = (element: HTMLElement, event: Event, data: PageData) => boolean | undefined;

const hydrators: Array<{ selector: string; hydrate: Hydrator }> = [];
const actions = new Map<string, ActionHandler[]>();

/**
 * Hydrates every element matching `selector` (usually a data attribute such as '[data-timer]') once
 * the page is parsed. Blocks without a hydrator stay the server's static HTML.
 */
export function registerHydrator(selector: string, hydrate: Hydrator): void {
  hydrators.push({ selector, hydrate });
}

/** Handles clicks on `[data-action="<action>"]`; later registrations run first (checkout overrides submit-step). */
export function registerAction(action: string, handler: ActionHandler): void {
  actions.set(action, [handler, ...(actions.get(action) ?? [])]);
}

export function readPageData(doc: Document = document): PageData {
  const text = doc.getElementById('fw-data')?.textContent;
  const parsed = text ? (JSON.parse(text) as Partial<PageData>) : {};
  return {
    pageId: parsed.pageId ?? 0,
    stepId: parsed.stepId ?? 0,
    funnelId: parsed.funnelId ?? 0,
    nextUrl: parsed.nextUrl ?? null,
    currency: parsed.currency ?? null,
    optinUrl: parsed.optinUrl ?? '/_fw/optin',
    viewUrl: parsed.viewUrl ?? null,
    paymentNotice: parsed.paymentNotice ?? null,
    gateway: parsed.gateway ?? { id: 14, publishableKey: null, scriptUrl: null },
  };
}

/** Runs every hydrator on its elements and listens for page actions. */
export function start(doc: Document = document): void {
  const data = readPageData(doc);
  for (const { selector, hydrate } of hydrators) {
    for (const element of Array.from(doc.querySelectorAll<HTMLElement>(selector))) hydrate(element, data);
  }
  doc.addEventListener('click', (event) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>('[data-action]');
    if (!target) return;
    const name = target.getAttribute('data-action') ?? '';
    for (const handler of actions.get(name) ?? []) {
      if (handler(target, event, data)) {
        event.preventDefault();
        return;
      }
    }
  });
}
