// The browser tests run as two Playwright processes side by side, each with its own server, database
// and demo account (scripts/test.mjs): a test of one group never sees the other's purchases. Spec files
// are dealt to the groups by their last measured seconds, longest first, each to the lighter group.
import fs from 'node:fs';

/** Seconds per spec file (Stop 26's CI run, one worker; the five newest from stop 37's full run); a new file counts as 30 until measured. */
export const SPEC_SECONDS = {
  'ab-variants.spec.ts': 60,
  // Measured with one worker on the shared 2-core machine: its 36-route walk is about half of it.
  'accessibility.spec.ts': 250,
  // 64 axe runs (32 published templates at 1280 and 390 px); 26.5 min on a machine loaded 15-fold, estimated.
  'accessibility-templates.spec.ts': 200,
  'addresses.spec.ts': 18,
  // Three keyboard walks, Tab by Tab (estimated; about 6 min on a machine loaded 15-fold).
  'keyboard.spec.ts': 90,
  'apps-deliveries.spec.ts': 29,
  'apps.spec.ts': 17,
  'automations-draft.spec.ts': 25,
  'automations-integrations.spec.ts': 55,
  'automations.spec.ts': 92,
  'back-office.spec.ts': 35,
  'billing-stripe.spec.ts': 16,
  'billing.spec.ts': 30,
  'checkout-paypal.spec.ts': 20,
  'checkout-sells.spec.ts': 40,
  'checkout-stripe.spec.ts': 105,
  'checkout-trust.spec.ts': 90,
  'checkout-variants.spec.ts': 60,
  'confirmation.spec.ts': 45,
  'customers.spec.ts': 83,
  'dashboard.spec.ts': 67,
  'delivery.spec.ts': 15,
  'developer-apps.spec.ts': 9,
  'email-editor.spec.ts': 74,
  'funnels.spec.ts': 175,
  'gateways.spec.ts': 37,
  'google-sheets.spec.ts': 14,
  'integrations-services.spec.ts': 13,
  'integrations.spec.ts': 16,
  'onboarding.spec.ts': 13,
  'orders.spec.ts': 215,
  'page-editor.spec.ts': 168,
  'profile.spec.ts': 23,
  'published.spec.ts': 29,
  'publishing.spec.ts': 36,
  'session.spec.ts': 76,
  'sms.spec.ts': 14,
  'store-emails.spec.ts': 29,
  'story.spec.ts': 37,
  'template-kits.spec.ts': 70,
  'templates.spec.ts': 30,
  'text-editing.spec.ts': 115,
  'words.spec.ts': 31,
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
