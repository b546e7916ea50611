import { fillMergeTemplate, mergeTemplate } from '@funnelwork/blocks/email';
import { nextPath } from '@funnelwork/domain/automations/rules';
import { TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { and, eq } from 'drizzle-orm';
import { ownedBy } from '../../../../db/query-helpers.ts';
import { automationRunSteps, emailTemplates, mailMessages } from '../../../../db/schema/index.ts';
import { isSuppressed, marketingLinks, unsubscribeHeaders } from '../../../../mail/marketing.ts';
import { addEvent } from '../../../orders/orders.queries.ts';
import { customerEmailOf, mergeValuesOf } from '../run-context.ts';
import { StepFailure } from '../run-state.ts';
import type { StepKind } from '../step-kind.ts';

/**
 * A marketing e-mail: the message, its unsubscribe headers and its mail job are recorded with the step
 * in one transaction; an unsubscribed address gets nothing (the step is done, marked skipped).
 */
export const sendEmailStep: StepKind<'send_email'> = {
  sideEffect: true,
  async run({ run, key, path, step, context: contextOfRun }, { db, state, mailer, marketing }) {
    const context = await contextOfRun();
    const [template] = await db
      .select({ compiled: emailTemplates.compiled })
      .from(emailTemplates)
      .where(and(ownedBy(emailTemplates, run.accountId), eq(emailTemplates.id, step.email_template_id)));
    if (!template?.compiled) throw new StepFailure('The e-mail template no longer exists');
    const to = step.to === 'address' ? (step.address ?? '') : customerEmailOf(context);
    if (to === '') throw new StepFailure('The customer has no e-mail address');
    const values = mergeValuesOf(context);
    const subject = fillMergeTemplate(mergeTemplate(step.subject), values, false);
    const suppressed = await isSuppressed(db, run.accountId, to);
    // The merchant's e-mail: past the plan's e-mails a month the attempt fails with the limit's message.
    if (!suppressed) await mailer.checkLimit(run.accountId);
    // The template version is stored once; the message keeps its values and its links are made from its
    // id when it is sent or shown (mailer.ts `messageContent`).
    const body = suppressed ? null : await mailer.bodyOf(run.accountId, template.compiled);
    const sent = await db.transaction(async (tx) => {
      const claim = await state.claimStep(tx, run, key, step.type);
      if (!claim) return { continues: false, deliver: null };
      if (body === null) {
        await tx
          .update(automationRunSteps)
          .set({ result: { skipped: 'unsubscribed', to } })
          .where(eq(automationRunSteps.id, claim.id));
        const continues = await state.advance(tx, run, key, nextPath(run.steps, path));
        return { continues, deliver: null };
      }
      const message = await mailer.record(tx, {
        to,
        subject,
        text: '',
        body: { id: body, values },
        marketing: step.track !== false ? 'track' : 'plain',
        accountId: run.accountId,
        accountServer: true,
      });
      // The one-click unsubscribe headers name the message's own link, known once it has an id.
      const links = marketingLinks(marketing.key, marketing.publicUrl, message.id);
      await tx
        .update(mailMessages)
        .set({ headers: unsubscribeHeaders(links) })
        .where(eq(mailMessages.id, message.id));
      await tx
        .update(automationRunSteps)
        .set({ result: { mail_message_id: message.id, to, subject } })
        .where(eq(automationRunSteps.id, claim.id));
      if (context.order) {
        await addEvent(
          tx,
          run.accountId,
          context.order.id,
          TIMELINE_EVENT_TYPES.email,
          'Automation e-mail sent',
          {
            desc: `To ${to}: ${subject}`,
          },
        );
      }
      // Its mail job commits with it: a crash after the commit cannot leave the e-mail unsent.
      await mailer.deliverIn(tx, message.id, { lane: 'automation' });
      const continues = await state.advance(tx, run, key, nextPath(run.steps, path));
      return { continues, deliver: message.id };
    });
    if (sent.deliver !== null) mailer.wake('automation');
    return sent.continues;
  },
};
