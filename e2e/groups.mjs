// The browser tests run as E2E_GROUPS Playwright processes side by side (scripts/test.mjs), each with its own
// server, database and demo account: a test of one group never sees another's purchases. Spec files are
// dealt to the groups by their last measured seconds, longest first, each to the lightest group.
import fs from 'node:fs';

/**
 * Seconds per spec file: the sum of its tests' times in a whole `.ci/run` on a quiet machine (both groups
 * side by side, 2026-11-30); a new file counts as 30 until measured.
 */
export const SPEC_SECONDS = {
  'ab-variants.spec.ts': 19,
  'accessibility-templates.spec.ts': 51,
  'accessibility.spec.ts': 175,
  'addresses.spec.ts': 6,
  'apps-deliveries.spec.ts': 13,
  'apps.spec.ts': 6,
  'automations-draft.spec.ts': 12,
  'automations-integrations.spec.ts': 41,
  'automations.spec.ts': 38,
  'back-office.spec.ts': 10,
  'billing-stripe.spec.ts': 5,
  'billing.spec.ts': 8,
  'checkout-paypal.spec.ts': 9,
  'checkout-sells.spec.ts': 20,
  'checkout-stripe.spec.ts': 19,
  'checkout-trust.spec.ts': 18,
  'checkout-variants.spec.ts': 19,
  'confirmation.spec.ts': 16,
  'customers.spec.ts': 42,
  'dashboard.spec.ts': 52,
  'delivery.spec.ts': 4,
  'developer-apps.spec.ts': 3,
  'editor-scrollbars.spec.ts': 17,
  'email-editor.spec.ts': 37,
  'funnels.spec.ts': 57,
  'gateways.spec.ts': 8,
  'google-sheets.spec.ts': 4,
  'integrations-services.spec.ts': 3,
  'integrations.spec.ts': 9,
  'keyboard.spec.ts': 74,
  'onboarding.spec.ts': 6,
  'orders.spec.ts': 56,
  'page-editor.spec.ts': 65,
  'profile.spec.ts': 9,
  'published.spec.ts': 10,
  'publishing.spec.ts': 21,
  'session.spec.ts': 28,
  'sms.spec.ts': 5,
  'store-emails.spec.ts': 11,
  'story.spec.ts': 18,
  'template-kits.spec.ts': 15,
  'templates.spec.ts': 10,
  'text-editing.spec.ts': 23,
  'words.spec.ts': 18,
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
