import { AUTOMATION_TRIGGERS, type AutomationStep } from '@funnelwork/domain';
import { FILTER_OPERANDS } from '@funnelwork/domain/analytics/filters';
import { countOf } from '@funnelwork/domain/rules';

const WAIT_UNIT_NOUNS = { minutes: 'minute', hours: 'hour', days: 'day' } as const;

/** The trigger's label ("On Purchase"), or its id when it is none of ours. */
export const triggerLabel = (id: string) => AUTOMATION_TRIGGERS.find((t) => t.id === id)?.label ?? id;

export const STATUS_COLORS = { draft: 'gray', active: 'green', inactive: 'yellow' } as const;
export const RUN_STATUS_COLORS = {
  running: 'blue',
  waiting: 'grape',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
} as const;

export const CONDITION_KEY_LABELS = {
  customer_email: 'Customer e-mail',
  customer_first_name: 'Customer first name',
  customer_country: 'Customer country',
  order_total: 'Order total',
  order_currency: 'Order currency',
  product_id: 'Product id',
  funnel_id: 'Funnel id',
} as const;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const operandLabel = (operand: string) =>
  FILTER_OPERANDS.find((o) => o.operand === operand)?.label ?? operand;

/** A step's one-line summary on the workflow. */
export function stepSummary(step: AutomationStep, templateName: (id: number) => string): string {
  switch (step.type) {
    case 'send_email':
      return `Send "${templateName(step.email_template_id)}" to ${
        step.to === 'customer' ? 'the customer' : step.address
      } — ${step.subject}`;
    case 'send_sms':
      return `Send SMS to the customer — ${step.text}`;
    case 'integration': {
      const target = step.params.spreadsheet_id ?? step.params.list_id;
      return typeof target === 'string' && target !== '' ? `${step.caption} — ${target}` : step.caption;
    }
    case 'wait':
      return step.mode === 'delay'
        ? `Wait ${countOf(step.amount, WAIT_UNIT_NOUNS[step.unit])}`
        : `Wait until ${WEEKDAYS[step.weekday - 1]} ${step.time}`;
    case 'condition':
      return step.conditions.length === 0
        ? 'Condition: always Yes'
        : `If ${step.match === 'all' ? 'all' : 'any'} of: ${step.conditions
            .map(
              (c) =>
                `${CONDITION_KEY_LABELS[c.key]} ${operandLabel(c.operand).toLowerCase()} ${
                  c.values ? c.values.join(', ') : c.value
                }`,
            )
            .join('; ')}`;
    case 'end':
      return 'End automation';
  }
}
