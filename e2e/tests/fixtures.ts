import { type BrowserContext, test as base, type Request } from '@playwright/test';

export { expect } from '@playwright/test';

/** The last lines printed: enough for the steps before a failed expectation, short enough for CI's log. */
const SHOWN = 40;

/**
 * Every spec's `test`: Playwright's, whose browser context notes what its pages asked our server (API
 * calls, beacons and page loads, each with its answer and time) and the errors they logged, and prints
 * them when the test fails. CI records no traces (E2E_TRACE=0) and keeps only its log, so a failure that
 * does not come back when run again is read from these lines or not at all.
 */
export const test = base.extend({
  context: async ({ context, baseURL }, use, testInfo) => {
    const lines = recordPages(context, baseURL ?? '');
    await use(context);
    if (testInfo.status === testInfo.expectedStatus) return;
    const shown = lines.done();
    console.log(
      [
        `What the pages did in "${testInfo.title}" (seconds from the test's start; ${shown.length} of ${lines.count()} shown):`,
        ...shown.map((line) => `  ${line}`),
      ].join('\n'),
    );
  },
});

type Entry = { at: number; text: () => string };

/** Notes the context's requests to `origin` and its pages' errors, as lines in the order they began. */
function recordPages(context: BrowserContext, origin: string) {
  const started = Date.now();
  const entries: Entry[] = [];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2).padStart(6)} s`;
  const note = (text: () => string) => entries.push({ at: Date.now() - started, text });

  const answers = new WeakMap<Request, { asked: number; answer: string }>();
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (
      url.origin !== origin ||
      (url.pathname.startsWith('/assets/') && request.resourceType() !== 'document')
    )
      return;
    const sent = { asked: Date.now(), answer: 'no answer by the end' };
    answers.set(request, sent);
    note(() => `${request.method()} ${url.pathname}${url.search} → ${sent.answer}`);
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

  return {
    count: () => entries.length,
    done: () => entries.slice(-SHOWN).map((entry) => `${seconds(entry.at)}  ${entry.text()}`),
  };
}
