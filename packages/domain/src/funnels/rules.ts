/** Pure rules of funnels and steps (spec §3, §4, §5, §9); the server and the dashboard share them. */

export const FUNNEL_TYPES = [0, 1] as const;
export type FunnelType = (typeof FUNNEL_TYPES)[number];
/** funnel_type 0 (or absent) is the classic kind; 1 is the second kind (geo-funnels, the 'plus' editor). */
export const SECOND_KIND_FUNNEL: FunnelType = 1;

/** "funnel_type 0 or absent classic, 1 second kind". */
export function funnelKind(funnelType: number | null | undefined): 'classic' | 'second' {
  return funnelType === SECOND_KIND_FUNNEL ? 'second' : 'classic';
}

/** "A funnel list entry opens /funnel/{id} or /wfunnel/{id} according to funnel_type." */
export function funnelRoute(funnel: { id: number; funnel_type?: number | null }): string {
  return funnelKind(funnel.funnel_type) === 'second' ? `/wfunnel/${funnel.id}` : `/funnel/${funnel.id}`;
}

export const STEP_TYPES = [
  { value: 1, title: 'Checkout' },
  { value: 2, title: 'Upsell' },
  { value: 3, title: 'Thank you page' },
  { value: 4, title: 'Downsell' },
  { value: 5, title: 'Landing page' },
  { value: 6, title: 'Other' },
] as const;
export type StepType = (typeof STEP_TYPES)[number]['value'];
export const STEP_TYPE_VALUES = STEP_TYPES.map((t) => t.value) as unknown as readonly [
  StepType,
  ...StepType[],
];

/** "step_type (1 Checkout, 2 Upsell, 3 Thank you page, 4 Downsell, 5 Landing page, 6 Other)". */
export function stepTypeTitle(stepType: number): string | undefined {
  return STEP_TYPES.find((t) => t.value === stepType)?.title;
}

/** "Clone default name is the funnel name plus ' - [clone]'." */
export function cloneName(name: string): string {
  return `${name} - [clone]`;
}

/** "pre-fills the name as 'New ' plus the type title". */
export function newStepName(stepType: number): string {
  return `New ${stepTypeTitle(stepType) ?? 'step'}`;
}

/** "the path as the lowercase name with spaces turned to hyphens" (runs of white space give one hyphen). */
export function stepPathFromName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** "Step URLs are stripped of any protocol prefix and trimmed." ('https://', 'http://', '//', 'ftp://' …) */
export function cleanStepUrl(url: string): string {
  return url
    .trim()
    .replace(/^(?:[a-z][a-z0-9+.-]*:)?\/\//i, '')
    .trim();
}

/** "New step: Name and Step URL are required; Continue is disabled when either is blank after trimming." */
export function canContinueNewStep(input: { name: string; url: string }): boolean {
  return input.name.trim() !== '' && cleanStepUrl(input.url) !== '';
}

/** "New step order_index is the number of existing steps plus one." */
export function nextOrderIndex(existingSteps: number): number {
  return existingSteps + 1;
}

/** "Reorder steps: every step is patched with a new order_index, 1-based." The list in its new order. */
export function reorderIndexes<T extends { id: number }>(
  ordered: readonly T[],
): Array<{ id: number; order_index: number }> {
  return ordered.map((step, index) => ({ id: step.id, order_index: index + 1 }));
}

export type TemplateRef = { kind: 'user'; id: number } | { kind: 'builtin'; id: string };
export const USER_TEMPLATE_PREFIX = 'U.';

/**
 * "A template id starting with 'U.' marks a user template; the prefix is stripped and the rest is a
 * number." Anything else is a built-in template id. A 'U.' id whose rest is not a positive whole number,
 * and an empty id, give null.
 */
export function parseTemplateId(templateId: string | number | null | undefined): TemplateRef | null {
  if (templateId === null || templateId === undefined) return null;
  const text = String(templateId).trim();
  if (text === '') return null;
  if (text.startsWith(USER_TEMPLATE_PREFIX)) {
    const rest = text.slice(USER_TEMPLATE_PREFIX.length);
    if (!/^\d+$/.test(rest)) return null;
    const id = Number(rest);
    return Number.isSafeInteger(id) && id > 0 ? { kind: 'user', id } : null;
  }
  return { kind: 'builtin', id: text };
}

/** The id a saved (user) template is offered under: 'U.' plus its number. */
export function userTemplateId(id: number): string {
  return `${USER_TEMPLATE_PREFIX}${id}`;
}

/**
 * A funnel's published path from its name: lowercase letters, digits and single inner hyphens
 * ('My Summer Sale!' → 'my-summer-sale'); 'funnel' when nothing is left.
 */
export function funnelPathFromName(name: string): string {
  const path = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return path || 'funnel';
}

/** The first of `base`, `base-2`, `base-3` … that `isTaken` refuses (case-insensitively). */
export function firstFreePath(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((p) => p.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * A/B split of a step's pages when they are created together: 100 split evenly, the remainder to the
 * first pages (3 pages → 34, 33, 33).
 */
export function evenAbPercents(pages: number): number[] {
  if (pages <= 0) return [];
  const base = Math.floor(100 / pages);
  const remainder = 100 - base * pages;
  return Array.from({ length: pages }, (_, i) => base + (i < remainder ? 1 : 0));
}

/** A step URL as typed may not hold white space, '?', '#' or '\\' (the server's schema uses the same rule). */
export const STEP_URL_PATTERN = /^[^\s?#\\]*$/;
export const STEP_URL_MAX_LENGTH = 255;
export const STEP_URL_CHARACTERS_MESSAGE = "A step URL may not hold spaces, '?', '#' or '\\'";
export const STEP_URL_LENGTH_MESSAGE = `A step URL has at most ${STEP_URL_MAX_LENGTH} characters`;

/** What is wrong with a typed step URL, in the merchant's words, or undefined when it may be sent. */
export function stepUrlProblem(url: string): string | undefined {
  const cleaned = url.trim();
  if (cleaned.length > STEP_URL_MAX_LENGTH) return STEP_URL_LENGTH_MESSAGE;
  if (!STEP_URL_PATTERN.test(cleaned)) return STEP_URL_CHARACTERS_MESSAGE;
  return undefined;
}
