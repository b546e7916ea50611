/**
 * "Filter keys: currency, referrer, referrer_domain, utm_campaign, utm_medium, utm_source, utm_content,
 * utm_term, country." Each is a column of a page-view event and of the rollups.
 */
export const FILTER_KEYS = [
  'currency',
  'referrer',
  'referrer_domain',
  'utm_campaign',
  'utm_medium',
  'utm_source',
  'utm_content',
  'utm_term',
  'country',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * "Operands: Is one of (IN), Is none of (NOT IN), Contains (LIKE), Does not contain (NOT LIKE), Equals (=)."
 * IN and NOT IN take a list of values, the others one value.
 */
export const FILTER_OPERANDS = [
  { operand: 'IN', label: 'Is one of', takes: 'values' },
  { operand: 'NOT IN', label: 'Is none of', takes: 'values' },
  { operand: 'LIKE', label: 'Contains', takes: 'value' },
  { operand: 'NOT LIKE', label: 'Does not contain', takes: 'value' },
  { operand: '=', label: 'Equals', takes: 'value' },
] as const;
export type FilterOperand = (typeof FILTER_OPERANDS)[number]['operand'];
export const OPERAND_VALUES = FILTER_OPERANDS.map((o) => o.operand) as unknown as readonly [
  FilterOperand,
  ...FilterOperand[],
];

/** Whether an operand takes a list of values (IN, NOT IN) rather than one value. */
export function takesValues(operand: FilterOperand): boolean {
  return operand === 'IN' || operand === 'NOT IN';
}

/** "Filter condition: id, key, operand, value or values." */
export type FilterCondition = {
  id?: string | number;
  key: FilterKey;
  operand: FilterOperand;
  value?: string;
  values?: string[];
};

/** A condition being written in the filter panel: any part may still be missing. */
export type FilterDraft = {
  key?: string | null;
  operand?: string | null;
  value?: string | null;
  values?: ReadonlyArray<string> | null;
};

const filled = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '';

/**
 * "Filter condition Add/Save disabled without operand or value(s)." A key must be chosen too; IN and NOT
 * IN need at least one non-blank value, the other operands a non-blank value.
 */
export function canSaveFilter(draft: FilterDraft): boolean {
  if (!(FILTER_KEYS as readonly string[]).includes(draft.key ?? '')) return false;
  const operand = FILTER_OPERANDS.find((o) => o.operand === draft.operand);
  if (!operand) return false;
  return operand.takes === 'values' ? (draft.values ?? []).some(filled) : filled(draft.value);
}

/** Limits of a condition list a request may carry. */
export const MAX_FILTER_CONDITIONS = 20;
export const MAX_FILTER_VALUES = 100;
export const MAX_FILTER_VALUE_LENGTH = 500;

/** A page view or order as the filters see it: the filter keys' values, null or absent when unknown. */
export type FilterableRecord = Partial<Record<FilterKey, string | null>>;

const fold = (text: string) => text.toLowerCase();

/**
 * Whether a record passes every condition (AND; an empty list passes everything). Rules, which the
 * server's SQL must follow so this stays its oracle:
 * - every comparison ignores case (String.prototype.toLowerCase on both sides): 'Facebook' Equals
 *   'facebook', 'gb' Is one of ['GB'];
 * - Contains is a plain substring test: '%' and '_' in a value are literal characters, not wildcards;
 * - a missing value (null, absent) reads as the empty string, so it is none of any values and does not
 *   contain any (non-blank) value: "utm_source Is none of facebook" keeps direct visits.
 */
export function matchesFilters(
  record: FilterableRecord,
  conditions: ReadonlyArray<FilterCondition>,
): boolean {
  return conditions.every((condition) => matchesCondition(record, condition));
}

export function matchesCondition(record: FilterableRecord, condition: FilterCondition): boolean {
  const actual = fold(record[condition.key] ?? '');
  switch (condition.operand) {
    case 'IN':
      return (condition.values ?? []).some((v) => fold(v) === actual);
    case 'NOT IN':
      return !(condition.values ?? []).some((v) => fold(v) === actual);
    case 'LIKE':
      return actual.includes(fold(condition.value ?? ''));
    case 'NOT LIKE':
      return !actual.includes(fold(condition.value ?? ''));
    case '=':
      return actual === fold(condition.value ?? '');
  }
}
