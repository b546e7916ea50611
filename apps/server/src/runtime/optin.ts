import { type EditorDocument, migrateDocument } from '@funnelwork/blocks';
import { completeAddresses, regionErrors } from '@funnelwork/domain/rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers, funnels, optinEvents, pages, pageVersions, steps } from '../db/schema/index.ts';
import { recordEvent } from '../events/outbox.ts';
import { recordActivity } from '../modules/activity/activity.queries.ts';
import {
  findOrCreateCustomer,
  insertCustomerIfNew,
  mergeMetadata,
  type NewCustomer,
} from '../modules/customers/customers.queries.ts';
import { visitorAttribution } from '../modules/orders/orders.queries.ts';

/** The message of every empty required field (spec: forms with 'This field is required'). */
export const REQUIRED_MESSAGE = 'This field is required';
export const EMAIL_MESSAGE = 'Enter a valid e-mail address';
export const tooLongMessage = (max: number) => `Use at most ${max} characters`;
/** Activity event type 3: "Opted into a funnel". */
export const OPTIN_ACTIVITY = 3;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_VALUE = 2_000;
const MAX_FIELDS = 60;

export type FieldRule = { name: string; required: boolean; maxLength: number | null; email: boolean };

/** The opt-in fields of a page: its form elements (not payment fields), by the names they post. */
export function formFieldsOf(document: EditorDocument): FieldRule[] {
  const rules: FieldRule[] = [];
  for (const block of Object.values(document.children)) {
    if (block.type !== 'formElement') continue;
    const basic = block.attributes.basic;
    const email = basic.dataType === 'email' || basic.dataName.toLowerCase() === 'email';
    const base = { required: basic.required, maxLength: basic.maxLength ?? null, email };
    if (basic.inputType === 'double') {
      rules.push({ ...base, name: `${basic.dataName}_1` }, { ...base, name: `${basic.dataName}_2` });
    } else if (basic.inputType === 'checkbox') {
      rules.push({ ...base, required: false, name: basic.dataName });
    } else rules.push({ ...base, name: basic.dataName });
  }
  return rules;
}

export type OptinErrors = Record<string, string>;

/** Per field: 'This field is required', a bad e-mail or too long; the e-mail itself is always required. */
export function validateOptin(
  rules: FieldRule[],
  values: Record<string, string>,
): { errors: OptinErrors; email: string } {
  const errors: OptinErrors = {};
  for (const rule of rules) {
    const value = (values[rule.name] ?? '').trim();
    if (value === '') {
      if (rule.required) errors[rule.name] = REQUIRED_MESSAGE;
    } else if (rule.maxLength !== null && value.length > rule.maxLength) {
      errors[rule.name] = tooLongMessage(rule.maxLength);
    } else if (rule.email && !EMAIL.test(value)) errors[rule.name] = EMAIL_MESSAGE;
  }
  const emailField = rules.find((r) => r.email)?.name ?? 'email';
  const email = (values[emailField] ?? values.email ?? '').trim().toLowerCase();
  if (!errors[emailField]) {
    if (email === '') errors[emailField] = REQUIRED_MESSAGE;
    else if (!EMAIL.test(email)) errors[emailField] = EMAIL_MESSAGE;
  }
  return { errors, email };
}

/** Form names that fill a customer's own columns; anything else is kept as metadata. */
type TextColumn = Exclude<keyof NewCustomer, 'createdAt' | 'metadata' | 'isAutoOptin'>;
const COLUMNS: Record<string, TextColumn> = {
  first_name: 'firstName',
  last_name: 'lastName',
  phone: 'phone',
  shipping_address: 'shippingAddress',
  shipping_city: 'shippingCity',
  shipping_state: 'shippingState',
  shipping_zip: 'shippingZip',
  shipping_country: 'shippingCountry',
  address: 'address',
  city: 'city',
  state: 'state',
  zip: 'zip',
  country: 'country',
};

/** The posted values a customer row takes (names split from full_name) and the rest as metadata. */
export function customerFields(values: Record<string, string>, emailField: string) {
  const columns: Partial<Record<TextColumn, string>> = {};
  const metadata: Record<string, string> = {};
  for (const [name, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (value === '' || name === emailField || name === 'email') continue;
    const column = COLUMNS[name];
    if (column) columns[column] = value;
    else if (name === 'full_name') {
      const [first, ...rest] = value.split(/\s+/);
      columns.firstName ??= first ?? '';
      if (rest.length > 0) columns.lastName ??= rest.join(' ');
    } else metadata[name] = value;
  }
  return { columns, metadata };
}

export class OptinValidationError extends Error {
  constructor(readonly errors: OptinErrors) {
    super('Check the highlighted fields');
  }
}
export class OptinNotFoundError extends Error {}

export type OptinResult = {
  accountId: number;
  customerId: number;
  created: boolean;
  funnelId: number;
  stepId: number;
};

/** Plain string values of a posted form, without the runtime's own fw_ fields; bounded in size. */
export function formValues(body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return values;
  for (const [name, value] of Object.entries(body as Record<string, unknown>).slice(0, MAX_FIELDS)) {
    if (name.startsWith('fw_') || name.length > 100) continue;
    const text = Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(', ') : value;
    if (typeof text === 'string' || typeof text === 'number' || typeof text === 'boolean')
      values[name] = String(text).slice(0, MAX_VALUE);
  }
  return values;
}

/**
 * An opt-in on a published page: the customer of the account with that e-mail is created or updated
 * (auto-optin flag, the form's fields as columns and metadata), with an "Opted into a funnel"
 * activity line and the hour's opt-in count, in one transaction.
 */
export async function recordOptin(
  db: Db,
  input: { pageId: number; values: Record<string, string>; at?: Date; visitorId?: string | null },
): Promise<OptinResult> {
  const [found] = await db
    .select({
      accountId: pages.accountId,
      content: pageVersions.content,
      stepId: steps.id,
      funnelId: funnels.id,
      currency: funnels.currencyCode,
    })
    .from(pages)
    // The form the shopper was served: the page's published version, never its draft.
    .innerJoin(
      pageVersions,
      and(eq(pageVersions.id, pages.publishedVersionId), eq(pageVersions.accountId, pages.accountId)),
    )
    .innerJoin(steps, and(eq(steps.id, pages.stepId), isNull(steps.deletedAt)))
    .innerJoin(funnels, and(eq(funnels.id, steps.funnelId), isNull(funnels.deletedAt)))
    .where(eq(pages.id, input.pageId));
  if (!found) throw new OptinNotFoundError('page not found');
  let rules: FieldRule[] = [];
  try {
    rules = formFieldsOf(migrateDocument(found.content.config, { kind: 'page' }));
  } catch {
    rules = [];
  }
  const { errors: fieldErrors, email } = validateOptin(rules, input.values);
  // A region belongs to its country where we list the country's regions (issue 35, item 7).
  const errors = { ...regionErrors(input.values), ...fieldErrors };
  if (Object.keys(errors).length > 0) throw new OptinValidationError(errors);
  const emailField = rules.find((r) => r.email)?.name ?? 'email';
  // Pages stored with the first form presets post the shipping city, state, zip and country unprefixed.
  const { columns, metadata } = customerFields(completeAddresses(input.values), emailField);
  const accountId = found.accountId;
  const at = input.at ?? new Date();

  return db.transaction(async (tx) => {
    // Matched by e-mail or opt-in e-mail; a new e-mail is inserted atomically (findOrCreateCustomer).
    const { customer: existing, created } = await findOrCreateCustomer(
      async () => {
        const [row] = await tx
          .select()
          .from(customers)
          .where(
            and(
              eq(customers.accountId, accountId),
              isNull(customers.deletedAt),
              sql`(lower(${customers.email}) = ${email} or lower(${customers.optinEmail}) = ${email})`,
            ),
          )
          // The customer whose own e-mail it is comes first (an update may give a blank e-mail this one).
          .orderBy(sql`lower(${customers.email}) = ${email} desc`, customers.id)
          .limit(1)
          .for('update');
        return row;
      },
      () =>
        insertCustomerIfNew(tx, accountId, {
          ...columns,
          email,
          optinEmail: email,
          metadata: mergeMetadata([], metadata),
          isAutoOptin: true,
        }),
    );
    let customer = existing;
    if (!created) {
      const [updated] = await tx
        .update(customers)
        .set({
          ...columns,
          ...(existing.email === '' ? { email } : {}),
          optinEmail: email,
          metadata: mergeMetadata(existing.metadata ?? [], metadata),
          isAutoOptin: true,
          updatedAt: at,
        })
        .where(and(eq(customers.accountId, accountId), eq(customers.id, existing.id)))
        .returning();
      customer = updated ?? existing;
    }
    await recordActivity(tx, accountId, {
      eventId: OPTIN_ACTIVITY,
      customerId: customer.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      optinEmail: email,
      funnelId: found.funnelId,
      at,
    });
    // Each submission is an opt-in ("Optin" trigger); the same customer, step and instant is one.
    await recordEvent(tx, 'optin.created', `${customer.id}-${found.stepId}-${at.getTime()}`, {
      accountId,
      customerId: customer.id,
      funnelId: found.funnelId,
      stepId: found.stepId,
      email,
    });
    // The opt-in event analytics count, with the visitor's attribution so filters apply to opt-ins.
    const attribution = input.visitorId
      ? await visitorAttribution(tx, accountId, input.visitorId, found.funnelId)
      : null;
    await tx.insert(optinEvents).values({
      accountId,
      funnelId: found.funnelId,
      stepId: found.stepId,
      pageId: input.pageId,
      customerId: customer.id,
      visitorId: input.visitorId ?? null,
      referrer: attribution?.referrer ?? null,
      referrerDomain: attribution?.referrerDomain ?? null,
      utmSource: attribution?.utmSource ?? null,
      utmMedium: attribution?.utmMedium ?? null,
      utmCampaign: attribution?.utmCampaign ?? null,
      utmTerm: attribution?.utmTerm ?? null,
      utmContent: attribution?.utmContent ?? null,
      country: attribution?.visitorCountry ?? null,
      currency: found.currency?.toUpperCase().slice(0, 3) ?? null,
      createdAt: at,
    });
    return { accountId, customerId: customer.id, created, funnelId: found.funnelId, stepId: found.stepId };
  });
}
