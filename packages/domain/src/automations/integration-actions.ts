import {
  GA4_INTEGRATION_ID,
  GOOGLE_SHEETS_INTEGRATION_ID,
  MAILCHIMP_INTEGRATION_ID,
  SHOPIFY_INTEGRATION_ID,
} from '../integrations/catalogue.ts';

/** A parameter of an integration action, as the add-action popup asks for it. */
export type IntegrationActionField = {
  key: string;
  label: string;
  /** 'text': one value; 'list': several (a row's cells, tags). Both may hold {{merge_tags}}. */
  kind: 'text' | 'list';
  required: boolean;
  /** What a new step starts with: the run's merge values where they fit. */
  initial: string | string[];
  help?: string;
};

/**
 * "Add a spreadsheet row, call an integration method": the integration methods an automation step can
 * call, with the fields of each. The step runs the method through the same adapter as
 * `call-integration-method/{id}/{method}`, its texts filled from the run's merge values first.
 */
export const AUTOMATION_INTEGRATION_ACTIONS = [
  {
    integration_id: GOOGLE_SHEETS_INTEGRATION_ID,
    method: 'append-row',
    caption: 'Add row to spreadsheet',
    fields: [
      {
        key: 'spreadsheet_id',
        label: 'Spreadsheet',
        kind: 'text',
        required: true,
        initial: '',
        help: "The spreadsheet's address or its id",
      },
      { key: 'sheet', label: 'Sheet', kind: 'text', required: true, initial: 'Sheet1' },
      {
        key: 'values',
        label: 'Row',
        kind: 'list',
        required: true,
        initial: ['{{order_number}}', '{{email}}', '{{first_name}}', '{{product_name}}', '{{order_total}}'],
        help: 'One cell each, left to right',
      },
    ],
  },
  {
    integration_id: MAILCHIMP_INTEGRATION_ID,
    method: 'add-subscriber',
    caption: 'Add subscriber to audience',
    fields: [
      {
        key: 'list_id',
        label: 'Audience id',
        kind: 'text',
        required: true,
        initial: '',
        help: 'Audience → Settings → Audience name and defaults',
      },
      { key: 'email', label: 'E-mail', kind: 'text', required: true, initial: '{{email}}' },
      { key: 'first_name', label: 'First name', kind: 'text', required: false, initial: '{{first_name}}' },
      { key: 'last_name', label: 'Last name', kind: 'text', required: false, initial: '{{last_name}}' },
      { key: 'tags', label: 'Tags', kind: 'list', required: false, initial: [] },
    ],
  },
  {
    // The order's lines (as custom items), shipping address and currency come from the run's order.
    integration_id: SHOPIFY_INTEGRATION_ID,
    method: 'create-order',
    caption: 'Create order in Shopify',
    orderFields: true,
    fields: [
      { key: 'email', label: 'E-mail', kind: 'text', required: true, initial: '{{email}}' },
      {
        key: 'note',
        label: 'Note',
        kind: 'text',
        required: false,
        initial: 'Funnelwork order {{order_number}}',
      },
      { key: 'tags', label: 'Tags', kind: 'list', required: false, initial: ['funnelwork'] },
    ],
  },
  {
    // The transaction id, value, currency and items come from the run's order.
    integration_id: GA4_INTEGRATION_ID,
    method: 'send-purchase',
    caption: 'Send purchase event to GA4',
    orderFields: true,
    fields: [
      {
        key: 'user_id',
        label: 'User-ID',
        kind: 'text',
        required: false,
        initial: '{{customer_id}}',
        help: 'Your id of the customer (GA4 User-ID); blank for none',
      },
      { key: 'coupon', label: 'Coupon', kind: 'text', required: false, initial: '' },
    ],
  },
] as const satisfies ReadonlyArray<{
  integration_id: number;
  method: string;
  caption: string;
  /** The method's order data (lines, amounts, address) is built from the run's order, not from texts. */
  orderFields?: boolean;
  fields: readonly IntegrationActionField[];
}>;
export type AutomationIntegrationAction = (typeof AUTOMATION_INTEGRATION_ACTIONS)[number];

export function integrationActionOf(integrationId: number, method: string) {
  return AUTOMATION_INTEGRATION_ACTIONS.find(
    (a) => a.integration_id === integrationId && a.method === method,
  );
}

/**
 * The fields of an integration step that stop Add/Save: a required one left blank, by key with its
 * message (the popup shows them, the server answers the first as a 400).
 */
export function integrationParamErrors(
  integrationId: number,
  method: string,
  params: Record<string, unknown>,
): Record<string, string> {
  const action = integrationActionOf(integrationId, method);
  if (!action) return { method: 'is not an action automations can call' };
  const errors: Record<string, string> = {};
  for (const field of action.fields) {
    const value = params[field.key];
    const blank = Array.isArray(value)
      ? !value.some((v) => typeof v === 'string' && v.trim() !== '')
      : typeof value !== 'string' || value.trim() === '';
    if (field.required && blank)
      errors[field.key] = field.kind === 'list' ? 'needs at least one value' : 'may not be blank';
  }
  return errors;
}
