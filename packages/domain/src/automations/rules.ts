import { type FilterOperand, takesValues } from '../analytics/filters.ts';
import { NUMBER_INPUT_MAX } from '../shared/messages.ts';

/**
 * "Triggers: On Purchase, On Refund, New Subscription, Subscription Canceled", and what merchants of
 * funnel builders expect beside them. Each names the server event that fires it.
 */
export const AUTOMATION_TRIGGERS = [
  { id: 'purchase', label: 'On Purchase', event: 'order.paid' },
  { id: 'refund', label: 'On Refund', event: 'order.refunded' },
  { id: 'subscription_started', label: 'New Subscription', event: 'subscription.started' },
  { id: 'subscription_cancelled', label: 'Subscription Canceled', event: 'subscription.cancelled' },
  { id: 'purchase_attempt', label: 'Purchase Attempt', event: 'order.payment_failed' },
  { id: 'optin', label: 'Optin', event: 'optin.created' },
  { id: 'recurring_payment', label: 'Recurring Payment', event: 'subscription.renewed' },
  { id: 'recurring_payment_failed', label: 'Recurring Payment Fails', event: 'subscription.failed' },
  { id: 'order_fulfilled', label: 'Order Fulfilled', event: 'order.fulfilled' },
] as const;
export type AutomationTriggerId = (typeof AUTOMATION_TRIGGERS)[number]['id'];
export const AUTOMATION_TRIGGER_IDS = AUTOMATION_TRIGGERS.map((t) => t.id) as unknown as readonly [
  AutomationTriggerId,
  ...AutomationTriggerId[],
];

/**
 * The draft's `qty`: "Quantity bought at least", beside its targetProductId (the trigger's products).
 * A run starts only when the event's order holds at least this many units of those products (of any
 * product when none are chosen); 1, the default, starts on every event. An opt-in buys nothing.
 */
export const TRIGGER_QTY_LABEL = 'Quantity bought at least';
export const TRIGGER_QTY_MAX = NUMBER_INPUT_MAX;
export const TRIGGER_QTY_WHOLE = 'must be a whole number, at least 1';
export const triggerBuysProducts = (triggerId: string) => triggerId !== 'optin';

/** Why a trigger's qty is refused ("must be …", the field named by the caller), or null when it is allowed. */
export function triggerQtyError(triggerId: string, qty: unknown): string | null {
  if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1) return TRIGGER_QTY_WHOLE;
  if (qty > TRIGGER_QTY_MAX) return `must be at most ${TRIGGER_QTY_MAX}`;
  if (qty > 1 && !triggerBuysProducts(triggerId)) return 'must be 1 for Optin, which buys no products';
  return null;
}

/** A bought line: an order's line, or a subscription's product and quantity. */
export type BoughtLine = { productId: number; qty: number };

/** Units bought of `productIds` (of every product when it is empty). */
export function quantityBought(lines: readonly BoughtLine[], productIds: readonly number[]): number {
  return lines
    .filter((line) => productIds.length === 0 || productIds.includes(line.productId))
    .reduce((sum, line) => sum + line.qty, 0);
}

/** Whether an event's bought lines meet the trigger's qty (absent from triggers saved before it: 1). */
export function triggerQtyHolds(
  trigger: { qty?: number; product_ids: readonly number[] },
  lines: readonly BoughtLine[],
): boolean {
  const qty = trigger.qty ?? 1;
  return qty <= 1 || quantityBought(lines, trigger.product_ids) >= qty;
}

/** The fields a condition step can test, from the run's customer, order and product. */
export const AUTOMATION_CONDITION_KEYS = [
  'customer_email',
  'customer_first_name',
  'customer_country',
  'order_total',
  'order_currency',
  'product_id',
  'funnel_id',
] as const;
export type AutomationConditionKey = (typeof AUTOMATION_CONDITION_KEYS)[number];

export type AutomationCondition = {
  id?: string | number;
  key: AutomationConditionKey;
  operand: FilterOperand;
  value?: string;
  values?: string[];
};

/** A wait: a span of minutes, hours or days, or until a weekday and time in the account's time zone. */
export type WaitStep =
  | { type: 'wait'; mode: 'delay'; amount: number; unit: 'minutes' | 'hours' | 'days' }
  | { type: 'wait'; mode: 'until'; weekday: number; time: string };

export type AutomationStep =
  | {
      type: 'send_email';
      email_template_id: number;
      to: 'customer' | 'address';
      address?: string;
      subject: string;
      /** Open and click tracking, on unless switched off for this e-mail. */
      track?: boolean;
    }
  | {
      type: 'send_sms';
      /** The text, with the same {{merge_tags}} as the e-mails. */
      text: string;
    }
  | {
      /** Calls a method of the account's connection of an integration (the draft's integrationId, action). */
      type: 'integration';
      /** The catalogue id of the integration. */
      integration_id: number;
      /** Its method, e.g. 'append-row'. */
      method: string;
      /** What the workflow shows for the step (the draft's actionCaption). */
      caption: string;
      /** The method's input; each text may hold {{merge_tags}} filled from the run. */
      params: Record<string, string | string[]>;
    }
  | WaitStep
  | {
      type: 'condition';
      match: 'all' | 'any';
      conditions: AutomationCondition[];
      yes: AutomationStep[];
      no: AutomationStep[];
    }
  | { type: 'end' };

/** "Number inputs minimum 0, maximum 10000." */
export const WAIT_AMOUNT_MAX = 10_000;

/** A step's place in the tree: indexes into lists, with 'yes'/'no' into a condition's branches (a 'then' key would make a step a thenable). */
export type StepPath = Array<number | 'yes' | 'no'>;

export const pathKey = (path: StepPath) => path.join('/');
export function parsePathKey(key: string): StepPath {
  if (key === '') return [];
  return key.split('/').map((part) => (part === 'yes' || part === 'no' ? part : Number(part)));
}

/** The list a path's last index points into, and that index. */
function listOf(steps: AutomationStep[], path: StepPath): { list: AutomationStep[]; index: number } | null {
  let list = steps;
  for (let i = 0; i < path.length - 1; i += 2) {
    const step = list[path[i] as number];
    const branch = path[i + 1];
    if (step?.type !== 'condition' || (branch !== 'yes' && branch !== 'no')) return null;
    list = step[branch];
  }
  const index = path[path.length - 1];
  return typeof index === 'number' ? { list, index } : null;
}

/** The step at a path, or undefined when there is none. */
export function stepAt(steps: AutomationStep[], path: StepPath): AutomationStep | undefined {
  const found = listOf(steps, path);
  return found ? found.list[found.index] : undefined;
}

/**
 * The step after `path` when it is done: the next in its list, else the step after the condition whose
 * branch the list is (and so on outwards); null when the run has nothing left.
 */
export function nextPath(steps: AutomationStep[], path: StepPath): StepPath | null {
  let current = path;
  while (current.length > 0) {
    const found = listOf(steps, current);
    if (!found) return null;
    if (found.index + 1 < found.list.length) return [...current.slice(0, -1), found.index + 1];
    current = current.slice(0, -2);
  }
  return null;
}

/** The first step of a condition's branch, or the step after the condition when the branch is empty. */
export function branchPath(steps: AutomationStep[], conditionPath: StepPath, branch: 'yes' | 'no') {
  const condition = stepAt(steps, conditionPath);
  if (condition?.type !== 'condition') return null;
  return condition[branch].length > 0 ? [...conditionPath, branch, 0] : nextPath(steps, conditionPath);
}

/** A run's values for its conditions, as text (numbers in their plain decimal form). */
export type ConditionValues = Partial<Record<AutomationConditionKey, string | string[]>>;

function one(condition: AutomationCondition, value: string): boolean {
  const given = (condition.value ?? '').toLowerCase();
  const actual = value.toLowerCase();
  switch (condition.operand) {
    case 'IN':
      return (condition.values ?? []).some((v) => v.toLowerCase() === actual);
    case 'NOT IN':
      return !(condition.values ?? []).some((v) => v.toLowerCase() === actual);
    case 'LIKE':
      return actual.includes(given);
    case 'NOT LIKE':
      return !actual.includes(given);
    case '=':
      return actual === given;
  }
}

/**
 * Whether a condition holds for the run's values, case-insensitively. A key with several values (the
 * order's products) holds when any value does for IN, LIKE and =, and when every value does for the
 * negations; a missing value is ''.
 */
export function conditionHolds(condition: AutomationCondition, values: ConditionValues): boolean {
  const raw = values[condition.key];
  const list = Array.isArray(raw) ? raw : [raw ?? ''];
  if (list.length === 0) list.push('');
  const negation = condition.operand === 'NOT IN' || condition.operand === 'NOT LIKE';
  return negation ? list.every((v) => one(condition, v)) : list.some((v) => one(condition, v));
}

export function conditionsHold(
  step: { match: 'all' | 'any'; conditions: AutomationCondition[] },
  values: ConditionValues,
): boolean {
  if (step.conditions.length === 0) return true;
  return step.match === 'all'
    ? step.conditions.every((c) => conditionHolds(c, values))
    : step.conditions.some((c) => conditionHolds(c, values));
}

/** "Filter condition Add/Save disabled without operand or value(s)": a condition is complete. */
export function conditionComplete(condition: Partial<AutomationCondition>): boolean {
  if (!condition.key || !condition.operand) return false;
  if (takesValues(condition.operand)) return (condition.values ?? []).some((v) => v.trim() !== '');
  return (condition.value ?? '').trim() !== '';
}
