// The browser tests run as two Playwright processes side by side, each with its own server, database
// and demo account (scripts/test.mjs): a test of one group never sees the other's purchases. Spec files
// are dealt to the groups by their last measured seconds, longest first, each to the lighter group.
import fs from 'node:fs';

/**
 * Seconds per spec file: the twelve longest from stop 45's full run on a quiet machine (one worker per group),
 * the rest from stop 46's run scaled to them; a new file counts as 30 until measured.
 */
export const SPEC_SECONDS = {
  'ab-variants.spec.ts': 18,
  'accessibility-templates.spec.ts': 49,
  'accessibility.spec.ts': 154,
  'addresses.spec.ts': 4,
  'apps-deliveries.spec.ts': 6,
  'apps.spec.ts': 7,
  'automations-draft.spec.ts': 10,
  'automations-integrations.spec.ts': 42,
  'automations.spec.ts': 42,
  'back-office.spec.ts': 6,
  'billing-stripe.spec.ts': 4,
  'billing.spec.ts': 6,
  'checkout-paypal.spec.ts': 9,
  'checkout-sells.spec.ts': 13,
  'checkout-stripe.spec.ts': 27,
  'checkout-trust.spec.ts': 24,
  'checkout-variants.spec.ts': 25,
  'confirmation.spec.ts': 20,
  'customers.spec.ts': 41,
  'dashboard.spec.ts': 37,
  'delivery.spec.ts': 2,
  'developer-apps.spec.ts': 2,
  'email-editor.spec.ts': 40,
  'funnels.spec.ts': 51,
  'gateways.spec.ts': 5,
  'google-sheets.spec.ts': 2,
  'integrations-services.spec.ts': 2,
  'integrations.spec.ts': 4,
  'keyboard.spec.ts': 75,
  'onboarding.spec.ts': 4,
  'orders.spec.ts': 57,
  'page-editor.spec.ts': 59,
  'profile.spec.ts': 3,
  'published.spec.ts': 10,
  'publishing.spec.ts': 7,
  'session.spec.ts': 18,
  'sms.spec.ts': 2,
  'store-emails.spec.ts': 8,
  'story.spec.ts': 17,
  'template-kits.spec.ts': 20,
  'templates.spec.ts': 8,
  'text-editing.spec.ts': 26,
  'words.spec.ts': 10,
};

/** The spec files of `dir`, dealt into `count` groups of about equal time. */
export function specGroups(dir, count) {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort((a, b) => (SPEC_SECONDS[b] ?? 30) - (SPEC_SECONDS[a] ?? 30) || a.localeCompare(b));
  const groups = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const file of files) {
    const lightest = groups.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.files.push(file);
    lightest.seconds += SPEC_SECONDS[file] ?? 30;
  }
  return groups;
}
