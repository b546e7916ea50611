import { z } from 'zod';

/**
 * Building blocks for request contracts. Text must be storable as PostgreSQL text and jsonb: no NUL
 * characters and no lone UTF-16 surrogates (either would make the database refuse the row, which the
 * client must learn as a 400 naming the field, not as a 500).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUL = String.fromCharCode(0);

export function isStorableText(value: string): boolean {
  return !value.includes(NUL) && !LONE_SURROGATE.test(value);
}

export const UNSTORABLE_MESSAGE = 'may not hold NUL characters or broken Unicode';

/**
 * Where an unstorable text of a request part sits (a string, or an object key, which names its
 * object), as the path of a field (`['data', 'first_name']`); undefined when all of it is storable. The
 * server applies this one rule to every route's body, query and path before its contract.
 */
export function unstorableTextPath(value: unknown): Array<string | number> | undefined {
  // Iterative, with each path kept as a link to its parent: a 1 MB body may nest far deeper than the stack.
  type Item = { value: unknown; key?: string | number; parent?: Item };
  const pathOf = (item: Item | undefined) => {
    const path: Array<string | number> = [];
    for (let at = item; at?.key !== undefined; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Item[] = [{ value }];
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    const v = item.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return pathOf(item);
    } else if (v !== null && typeof v === 'object') {
      const isArray = Array.isArray(v);
      for (const [key, child] of Object.entries(v)) {
        if (!isStorableText(key)) return pathOf(item);
        stack.push({ value: child, key: isArray ? Number(key) : key, parent: item });
      }
    }
  }
  return undefined;
}

/** The deepest nesting a stored JSON document may have (editor documents are shallow maps). */
export const MAX_JSON_DEPTH = 64;

/** Whether every key and string of a JSON value is storable and it nests at most MAX_JSON_DEPTH deep. */
export function isStorableJson(value: unknown): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number };
    const v = item.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return false;
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
    } else if (v !== null && typeof v === 'object') {
      if (item.depth >= MAX_JSON_DEPTH) return false;
      for (const [key, child] of Object.entries(v)) {
        if (!isStorableText(key)) return false;
        stack.push({ value: child, depth: item.depth + 1 });
      }
    }
  }
  return true;
}

/** Optional free text, at most `max` characters; with `trim`, counted after trimming. */
export const text = (max: number, options: { trim?: boolean } = {}) =>
  (options.trim ? z.string().trim() : z.string()).max(max).refine(isStorableText, UNSTORABLE_MESSAGE);

/**
 * Free text in a query string. A URL cannot carry a lone surrogate (it arrives as U+FFFD), so only
 * NUL characters are refused here.
 */
export const queryText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes(NUL), 'may not hold NUL characters');

/** Required text: trimmed, not blank, at most `max` characters; the message names it. */
export const requiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isStorableText, UNSTORABLE_MESSAGE);

/** A JSON object such as an editor document or app settings. */
export const jsonObject = () =>
  z.record(z.string(), z.unknown()).refine(isStorableJson, `${UNSTORABLE_MESSAGE}, or nests too deep`);

/** A row id in a body. */
export const idValue = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/**
 * A row id in a query string or path: decimal digits only, so `0x10`, `1e1`, ` 16` or `16.0` are refused
 * instead of being read as 16 (JavaScript's Number() would accept them all).
 */
export const idQuery = () =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'must be a whole number written in digits')
    .refine((value) => Number(value) <= Number.MAX_SAFE_INTEGER, 'is too large')
    .transform(Number);

/** A row id sent by a published page from its data attributes: a number, or its decimal digits. */
export const idNumberOrDigits = () => z.union([idValue(), idQuery()]);

/** A boolean in a query string ('true', 'false', '1', '0'). */
export const queryFlag = () => z.enum(['true', 'false', '1', '0']);
export function flagIsSet(flag: string | undefined): boolean {
  return flag === 'true' || flag === '1';
}

/** An ISO date-time with its offset, between 1970 and 9999. */
export const isoDateTime = () =>
  z.iso.datetime({ offset: true }).refine((value) => {
    const time = Date.parse(value);
    if (Number.isNaN(time)) return false;
    const year = new Date(time).getUTCFullYear();
    return year >= 1970 && year <= 9999;
  }, 'must be a date between 1970 and 9999');

/** A calendar day 'YYYY-MM-DD' between 1970 and 9999. */
export const isoDay = () =>
  z.iso.date().refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= 1970 && year <= 9999 && !Number.isNaN(Date.parse(value));
  }, 'must be a day between 1970 and 9999');

export const currencyCode = () => z.string().regex(/^[A-Z]{3}$/, 'Currency is a three-letter code');

/**
 * An optional query-string parameter: absent, or sent empty (`?query=`, as forms and query builders
 * send unset fields), both mean "not given".
 */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

/** Page number and size of a list; "Page size 25". */
export const pageQuery = {
  page: z.union([z.literal('').transform(() => 1), z.coerce.number().int().min(1).max(1_000_000)]).default(1),
  per_page: z.union([z.literal('').transform(() => 25), z.coerce.number().int().min(1).max(100)]).default(25),
};

/** `{count, per_page, total_pages}` of a list answer. */
export function listMeta(count: number, perPage: number) {
  return { count, per_page: perPage, total_pages: Math.ceil(count / perPage) };
}
