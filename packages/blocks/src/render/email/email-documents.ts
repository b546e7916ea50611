import type { EditorAction } from '../../actions/reduce.ts';
import type { BlockType } from '../../catalogue/registry.ts';
import { emptyDocument } from '../../document/empty.ts';
import type { EditorDocument } from '../../document/schema.ts';
import { build } from '../../test-support.ts';

/** Ids a new block of this type takes (a two-step form seeds eleven blocks of its own). */
const IDS_PER_TYPE: Partial<Record<BlockType, number>> = { twoStepForm: 12 };

/**
 * An e-mail with one section, one row and one column holding one block of each type given, with the
 * catalogue's defaults: section 1, row 2, blocks from 10 on (ids in steps of 20). Types outside the
 * e-mail palette (order bump) are placed through a page document of the same shape.
 */
export function emailWithBlocks(types: readonly BlockType[]): { document: EditorDocument; ids: number[] } {
  const ids = types.map((_, index) => 10 + index * 20);
  const slot = { kind: 'column' as const, rowId: 2, column: 0 };
  const onlyEmail = types.every((type) => type !== 'orderBump');
  const document = build(emptyDocument(onlyEmail ? 'email' : 'page'), [
    [{ type: 'addSection' }, 1],
    [{ type: 'addRow' }, 2],
    ...types.map((blockType, index): [EditorAction, ...number[]] => [
      { type: 'addBlock' as const, blockType, slot },
      ...Array.from({ length: IDS_PER_TYPE[blockType] ?? 1 }, (_, offset) => (ids[index] as number) + offset),
    ]),
  ]);
  return {
    document: onlyEmail
      ? document
      : { ...document, kind: 'email', settings: emptyDocument('email').settings },
    ids,
  };
}
