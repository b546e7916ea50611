// The order Vitest starts test files in. Without its cache (CI's fresh clone) Vitest starts the largest
// files first, and a long file that is small on disk (the kill -9 test, the bad-input sweep) started late
// and ran alone at the end while the other worker idled. The files measured slowest start first here;
// the rest keep Vitest's own order.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds of the slowest files (one PGlite run on a loaded 2-core machine); relative sizes are what count. */
export const SLOW_FILES: Record<string, number> = {
  'apps/server/src/test/bad-input.test.ts': 258,
  'apps/server/src/modules/automations/automations-kill.pglite.test.ts': 215,
  'apps/server/src/modules/automations/automations-kill.postgres.test.ts': 215,
  'apps/server/src/modules/automations/automations.test.ts': 79,
  'apps/server/src/modules/analytics/analytics.property.test.ts': 63,
  'apps/server/src/modules/integrations/smtp/smtp.test.ts': 52,
  'apps/server/src/modules/users/users.test.ts': 45,
  'apps/server/src/modules/system/openapi.test.ts': 41,
  'apps/server/src/modules/receipts/receipts.test.ts': 40,
  'apps/server/src/modules/sms/sms.test.ts': 29,
  'apps/server/src/modules/automations/automations-integrations.test.ts': 28,
  'apps/server/src/modules/system/system.test.ts': 25,
  'apps/server/src/runtime/checkout/checkout.test.ts': 25,
  'packages/blocks/src/render/string/string-renderer.test.ts': 24,
  'apps/server/src/runtime/runtime.test.ts': 21,
  'apps/server/src/mail/mailer.test.ts': 21,
  'apps/server/src/modules/users/account-limits.test.ts': 20,
  'packages/blocks/src/templates/email-designs.screenshots.test.ts': 20,
  'apps/server/src/modules/integrations/integrations.test.ts': 19,
  'apps/server/src/modules/billing/billing.email-limits.test.ts': 19,
  'apps/server/src/modules/orders/orders-deep-pages.test.ts': 19,
  'apps/server/src/modules/billing/billing.test.ts': 19,
};

/** Vitest's sequencer with the slowest known files moved to the front, longest first. */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const seconds = (file: TestSpecification) =>
      SLOW_FILES[path.relative(root, file.moduleId).split(path.sep).join('/')] ?? 0;
    // Array sort is stable: files of equal (unknown) seconds keep Vitest's order.
    return sorted.sort((a, b) => seconds(b) - seconds(a));
  }
}
