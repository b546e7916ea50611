import { z } from 'zod';
import { OPERAND_VALUES, takesValues } from '../analytics/filters.ts';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { idValue, isStorableText } from '../shared/inputs.ts';
import { integrationParamErrors } from './integration-actions.ts';
import {
  AUTOMATION_CONDITION_KEYS,
  AUTOMATION_TRIGGER_IDS,
  type AutomationStep,
  TRIGGER_QTY_MAX,
  TRIGGER_QTY_WHOLE,
  triggerQtyError,
  WAIT_AMOUNT_MAX,
} from './rules.ts';

const storable = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine(isStorableText, 'may not hold NUL characters or broken Unicode');

const conditionSchema = z
  .object({
    id: z.union([z.string().max(64), z.number().int()]).optional(),
    key: z.enum(AUTOMATION_CONDITION_KEYS, {
      error: `must be one of ${AUTOMATION_CONDITION_KEYS.join(', ')}`,
    }),
    operand: z.enum(OPERAND_VALUES, { error: `must be one of ${OPERAND_VALUES.join(', ')}` }),
    value: storable(500).optional(),
    values: z.array(storable(500)).max(100, 'may hold at most 100 values').optional(),
  })
  .superRefine((condition, ctx) => {
    // "Filter condition Add/Save disabled without operand or value(s)."
    if (takesValues(condition.operand)) {
      if (!(condition.values ?? []).some((v) => v.trim() !== ''))
        ctx.addIssue({ code: 'custom', path: ['values'], message: 'needs at least one value' });
    } else if ((condition.value ?? '').trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'may not be blank' });
    }
  });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const automationStepSchema: z.ZodType<AutomationStep> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z
      .object({
        type: z.literal('send_email'),
        email_template_id: idValue(),
        to: z.enum(['customer', 'address']),
        address: z.string().trim().max(254).optional(),
        subject: storable(200).trim().min(1, 'may not be blank'),
        track: z.boolean().default(true),
      })
      .superRefine((step, ctx) => {
        if (step.to === 'address' && !EMAIL.test(step.address ?? ''))
          ctx.addIssue({ code: 'custom', path: ['address'], message: 'must be an e-mail address' });
      }),
    z.object({
      type: z.literal('send_sms'),
      text: storable(1600).trim().min(1, 'may not be blank'),
    }),
    z
      .object({
        type: z.literal('integration'),
        integration_id: idValue(),
        method: z.string().trim().min(1, 'may not be blank').max(64, 'must be at most 64 characters'),
        caption: storable(200).trim().min(1, 'may not be blank'),
        params: z.record(
          z.string().max(64),
          z.union([storable(2000), z.array(storable(2000)).max(200, 'may hold at most 200 values')]),
        ),
      })
      .superRefine((step, ctx) => {
        const errors = integrationParamErrors(step.integration_id, step.method, step.params);
        for (const [field, message] of Object.entries(errors))
          ctx.addIssue({
            code: 'custom',
            path: field === 'method' ? ['method'] : ['params', field],
            message,
          });
      }),
    z.discriminatedUnion('mode', [
      z.object({
        type: z.literal('wait'),
        mode: z.literal('delay'),
        amount: z.number().int().min(0).max(WAIT_AMOUNT_MAX, `must be at most ${WAIT_AMOUNT_MAX}`),
        unit: z.enum(['minutes', 'hours', 'days']),
      }),
      z.object({
        type: z.literal('wait'),
        mode: z.literal('until'),
        weekday: z.number().int().min(1).max(7),
        time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM'),
      }),
    ]),
    z.object({
      type: z.literal('condition'),
      match: z.enum(['all', 'any']),
      conditions: z.array(conditionSchema).max(20, 'may hold at most 20 conditions'),
      yes: z.array(automationStepSchema).max(50),
      no: z.array(automationStepSchema).max(50),
    }),
    z.object({ type: z.literal('end') }),
  ]),
) as z.ZodType<AutomationStep>;
// A named component of the OpenAPI document: a recursive schema must be one a `$ref` can point at.
automationStepSchema.register(z.globalRegistry, { id: 'AutomationStep' });

/** What an automation starts on, and which funnels, steps or products it is limited to (none: all). */
export const automationTriggerSchema = z
  .object({
    id: z.enum(AUTOMATION_TRIGGER_IDS, { error: `must be one of ${AUTOMATION_TRIGGER_IDS.join(', ')}` }),
    funnel_ids: z.array(idValue()).max(100).default([]),
    /** Steps of those funnels (an opt-in's page, an order's checkout step). */
    step_ids: z.array(idValue()).max(100).default([]),
    product_ids: z.array(idValue()).max(100).default([]),
    /** "Quantity bought at least" of those products (the draft's qty); 1 starts on every event. */
    qty: z
      .number({ error: TRIGGER_QTY_WHOLE })
      .int(TRIGGER_QTY_WHOLE)
      .min(1, TRIGGER_QTY_WHOLE)
      .max(TRIGGER_QTY_MAX, `must be at most ${TRIGGER_QTY_MAX}`)
      .default(1),
  })
  .superRefine((trigger, ctx) => {
    const error = triggerQtyError(trigger.id, trigger.qty);
    if (error) ctx.addIssue({ code: 'custom', path: ['qty'], message: error });
  });

export type AutomationTrigger = z.output<typeof automationTriggerSchema>;

const automationName = z
  .string()
  .trim()
  .min(1, 'may not be blank')
  .max(200, 'must be at most 200 characters')
  .refine(isStorableText, 'may not hold NUL characters or broken Unicode');

export const createAutomationBodySchema = dataBody(
  z.object({
    name: automationName,
    funnel_id: idValue().nullable().default(null),
    trigger: automationTriggerSchema,
    steps: z.array(automationStepSchema).max(50).default([]),
  }),
);
export const patchAutomationBodySchema = dataBody(
  z.object({
    name: automationName.optional(),
    trigger: automationTriggerSchema.optional(),
    steps: z.array(automationStepSchema).max(50).optional(),
  }),
);

export const AUTOMATION_STATUSES = ['draft', 'active', 'inactive'] as const;
export const automationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  funnel_id: z.number().int().nullable(),
  status: z.enum(AUTOMATION_STATUSES),
  archived: z.boolean(),
  version: z.number().int(),
  trigger: z.object({
    id: z.enum(AUTOMATION_TRIGGER_IDS),
    funnel_ids: z.array(z.number()),
    step_ids: z.array(z.number()),
    product_ids: z.array(z.number()),
    qty: z.number().int(),
  }),
  steps: z.array(z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Automation = z.infer<typeof automationSchema>;
export const automationAnswerSchema = dataAnswer(automationSchema);
export const automationsAnswerSchema = dataAnswer(z.array(automationSchema));

export const RUN_STATUSES = ['running', 'waiting', 'done', 'failed', 'cancelled'] as const;
export const runStepSchema = z.object({
  path: z.string(),
  type: z.string(),
  status: z.enum(['running', 'waiting', 'done', 'failed']),
  attempts: z.number().int(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  result: z.record(z.string(), z.unknown()),
});
export const automationRunSchema = z.object({
  id: z.number().int(),
  automation_id: z.number().int(),
  version: z.number().int(),
  status: z.enum(RUN_STATUSES),
  trigger_event: z.object({ type: z.string(), key: z.string(), payload: z.record(z.string(), z.unknown()) }),
  /** The number of the order the event is about (payload.orderId), as the dashboard shows orders; or null. */
  order_number: z.string().nullable(),
  current_path: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  steps: z.array(runStepSchema),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;
export const automationRunAnswerSchema = dataAnswer(automationRunSchema);
export const automationRunsAnswerSchema = dataAnswer(z.array(automationRunSchema.omit({ steps: true })));
export const automationRunsQuerySchema = z.object({
  status: z.enum(RUN_STATUSES).optional(),
});
/** One e-mail step of an automation (by its path key, '1/yes/0'): messages sent, and how many were opened and clicked (unique). */
export const automationEmailStatSchema = z.object({
  path: z.string(),
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
});
export type AutomationEmailStat = z.infer<typeof automationEmailStatSchema>;
export const automationEmailStatsAnswerSchema = dataAnswer(z.array(automationEmailStatSchema));
export const automationListQuerySchema = z.object({
  funnel_id: z.coerce.number().int().positive().optional(),
  archived: z.enum(['true', 'false']).optional(),
});
