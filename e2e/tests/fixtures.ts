import { type BrowserContext, test as base, type Request } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The last lines printed per context: enough for the steps before a failed expectation, short enough for
 * CI's log.
 */
const SHOWN = 40;

/**
 * Every spec's `test`: Playwright's, whose browser context notes what its pages asked our server (API
 * calls, beacons and page loads, each with its answer and time) and the errors they logged, and prints
 * them when the test fails. CI records no traces (E2E_TRACE=0) and keeps only its log, so a failure that
 * does not come back when run again is read from these lines or not at all.
 */
export const test = base.extend({
  context: async ({ context, browser, baseURL }, use, testInfo) => {
    const lines = recordPages(baseURL ?? '');
    lines.watch(context);
    // Shoppers' contexts (browser.newContext, e.g. helpers' shopperPage) are noted too, each apart.
    const newContext = browser.newContext;
    browser.newContext = async (...args) => {
      const made = await newContext.apply(browser, args);
      lines.watch(made);
      return made;
    };
    try {
      await use(context);
    } finally {
      browser.newContext = newContext;
    }
    if (testInfo.status === testInfo.expectedStatus) return;
    console.log(
      [
        `What the pages did in "${testInfo.title}" (seconds from the test's start):`,
        ...lines
          .done()
          .flatMap(({ shown, count }, i) => [
            `  ${i === 0 ? "the test's context" : `context ${i + 1}`} (${shown.length} of ${count} shown):`,
            ...shown.map((line) => `    ${line}`),
          ]),
      ].join('\n'),
    );
  },
});

type Entry = { at: number; text: () => string };

/**
 * Notes the watched contexts' requests to our server (`origin`, or a published site's host on its port)
 * and their pages' errors, as lines per context in the order they began.
 */
function recordPages(origin: string) {
  const ours = new URL(origin);
  const isOurs = (url: URL) =>
    url.origin === origin || (url.port === ours.port && url.hostname.endsWith(`.${ours.hostname}`));
  const started = Date.now();
  const contexts: Entry[][] = [];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2).padStart(6)} s`;

  const answers = new WeakMap<Request, { asked: number; answer: string }>();
  const watch = (context: BrowserContext) => {
    const entries: Entry[] = [];
    contexts.push(entries);
    const note = (text: () => string) => entries.push({ at: Date.now() - started, text });
    context.on('request', (request) => {
      const url = new URL(request.url());
      const host = url.origin === origin ? '' : url.host;
      if (!isOurs(url) || (url.pathname.startsWith('/assets/') && request.resourceType() !== 'document'))
        return;
      const sent = { asked: Date.now(), answer: 'no answer by the end' };
      answers.set(request, sent);
      note(() => `${request.method()} ${host}${url.pathname}${url.search} → ${sent.answer}`);
    });
    context.on('response', (response) => {
      const sent = answers.get(response.request());
      if (sent) sent.answer = `${response.status()} in ${Date.now() - sent.asked} ms`;
    });
    context.on('requestfailed', (request) => {
      const sent = answers.get(request);
      if (sent) sent.answer = `failed: ${request.failure()?.errorText ?? 'unknown'}`;
    });
    context.on('weberror', (error) => {
      const message = error.error().message.split('\n')[0];
      note(() => `page error: ${message}`);
    });
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text().split('\n')[0]?.slice(0, 300);
      note(() => `console error: ${text}`);
    });
  };

  return {
    watch,
    done: () =>
      contexts.map((entries) => ({
        count: entries.length,
        shown: entries.slice(-SHOWN).map((entry) => `${seconds(entry.at)}  ${entry.text()}`),
      })),
  };
}
