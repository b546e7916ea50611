/**
 * Draft and publish (issue 36): the editor saves a page's draft; shoppers get what was last published.
 */

/** A page's, step's or funnel's state for shoppers. */
export type PublishStatus = 'published' | 'draft' | 'changed';

export const PUBLISH_STATUS_LABELS = {
  published: 'Published',
  draft: 'Draft',
  changed: 'Changes not published',
} as const satisfies Record<PublishStatus, string>;

/** How many published versions of a page (or e-mail template) are kept; older ones are pruned. */
export const VERSIONS_KEPT = 50;

/**
 * A page's state: never published is a draft; published from the draft's current version is published;
 * a draft saved since then has changes not published.
 */
export function pagePublishStatus(page: {
  version: number;
  published_revision: number | null;
  published_version_id: number | null;
}): PublishStatus {
  if (page.published_version_id === null) return 'draft';
  return page.published_revision === page.version ? 'published' : 'changed';
}

/**
 * A step's or funnel's state from its pages': a funnel that is not live is a draft whatever its pages
 * hold; all pages published is published; all drafts is a draft; any other mix has changes not published.
 */
export function combinedPublishStatus(statuses: readonly PublishStatus[], live = true): PublishStatus {
  if (!live) return 'draft';
  if (statuses.length === 0) return 'draft';
  if (statuses.every((s) => s === 'published')) return 'published';
  if (statuses.every((s) => s === 'draft')) return 'draft';
  return 'changed';
}

/** `combinedPublishStatus` from counts of pages: all, never published, and published as drafted. */
export function countedPublishStatus(
  counts: { total: number; draft: number; published: number },
  live: boolean,
): PublishStatus {
  if (!live || counts.total === 0) return 'draft';
  if (counts.published === counts.total) return 'published';
  if (counts.draft === counts.total) return 'draft';
  return 'changed';
}

export type BlockChanges = { added: string[]; removed: string[]; edited: string[] };

const blocksOf = (document: unknown): Record<string, unknown> => {
  if (typeof document !== 'object' || document === null) return {};
  const children = (document as { children?: unknown }).children;
  return typeof children === 'object' && children !== null ? (children as Record<string, unknown>) : {};
};

/** Stable JSON (keys sorted), so two blocks compare by content whatever order their keys were written in. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What changed from one editor document to another, by block id: blocks only in `to` were added, only
 * in `from` removed, in both with other content edited. Ids are sorted as numbers.
 */
export function blockChanges(from: unknown, to: unknown): BlockChanges {
  const before = blocksOf(from);
  const after = blocksOf(to);
  const byNumber = (a: string, b: string) => Number(a) - Number(b) || (a < b ? -1 : 1);
  const added = Object.keys(after).filter((id) => !(id in before));
  const removed = Object.keys(before).filter((id) => !(id in after));
  const edited = Object.keys(after).filter(
    (id) => id in before && stableJson(before[id]) !== stableJson(after[id]),
  );
  return { added: added.sort(byNumber), removed: removed.sort(byNumber), edited: edited.sort(byNumber) };
}
