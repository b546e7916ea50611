type JsonRecord = Record<string, unknown>;

/** A record's `productId` when it is a product id: a positive whole number. */
function productIdOf(record: JsonRecord): number | undefined {
  const id = record.productId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The product ids a value names, depth first: the `productId` of every record `where` accepts (all of them
 * when left out), in the order they are met. The value may be any JSON (a stored document of an old or
 * unknown shape); nothing deeper than `maxDepth` is read.
 */
export function productIdsIn(
  value: unknown,
  options: { maxDepth: number; where?: (record: JsonRecord) => boolean },
): number[] {
  const ids: number[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (depth > options.maxDepth || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as JsonRecord;
    const id = productIdOf(record);
    if (id !== undefined && (options.where?.(record) ?? true)) ids.push(id);
    for (const child of Object.values(record)) visit(child, depth + 1);
  };
  visit(value, 0);
  return ids;
}

/** The product ids a block's yes-link actions name ("yes-link (optional productId)"). */
export function yesLinkProductIds(attributes: unknown): number[] {
  return productIdsIn(attributes, { maxDepth: 12, where: (record) => record.type === 'yes-link' });
}
