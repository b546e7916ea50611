import { fillMergeTemplate, mergeTemplate } from '@funnelwork/blocks/email';
import { nextPath } from '@funnelwork/domain/automations/rules';
import { eq } from 'drizzle-orm';
import { automationRunSteps } from '../../../../db/schema/index.ts';
import { recordSms } from '../../../sms/sms.sending.ts';
import { mergeValuesOf } from '../run-context.ts';
import { StepFailure } from '../run-state.ts';
import type { StepKind } from '../step-kind.ts';

/** Like an e-mail: the message, its debit and its send job are recorded with the step, the provider called after. */
export const sendSmsStep: StepKind<'send_sms'> = {
  sideEffect: true,
  async run({ run, key, path, step, context: contextOfRun }, { db, state, sms }) {
    const context = await contextOfRun();
    const to = context.customer?.phone ?? '';
    if (to.trim() === '') throw new StepFailure('The customer has no phone number');
    const text = fillMergeTemplate(mergeTemplate(step.text), mergeValuesOf(context), false);
    const sent = await db.transaction(async (tx) => {
      const claim = await state.claimStep(tx, run, key, step.type);
      if (!claim) return { continues: false, queued: false };
      // A refusal (short balance, no number) throws here and rolls the claim back: the step fails visibly.
      const recorded = await recordSms(tx, {
        accountId: run.accountId,
        to,
        body: text,
        funnelId: context.funnelId,
      });
      await tx
        .update(automationRunSteps)
        .set({
          result:
            recorded.status === 'skipped'
              ? { skipped: 'unsubscribed', to: recorded.to }
              : { sms_message_id: recorded.messageId, to: recorded.to },
        })
        .where(eq(automationRunSteps.id, claim.id));
      if (recorded.status === 'queued') await sms.enqueueIn(tx, recorded.messageId);
      const continues = await state.advance(tx, run, key, nextPath(run.steps, path));
      return { continues, queued: recorded.status === 'queued' };
    });
    if (sent.queued) sms.wake();
    return sent.continues;
  },
};
