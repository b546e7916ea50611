import type { ReactNode } from 'react';
import type { BlockOf, BlockType } from '../catalogue/registry.ts';
import type { NodeId } from '../document/ids.ts';
import type { EditorDocument } from '../document/schema.ts';
import type { StyleSheet } from './css.ts';
import type { AnchorOf } from './links.ts';

/** What every view can read while a page renders. */
export type RenderContext = {
  document: EditorDocument;
  /** The editor canvas: nodes carry data-node-id for selection, and empty media show a placeholder. */
  editor: boolean;
  anchorOf: AnchorOf;
  /** Renders a list of child blocks (a container box, a FAQ answer, a two-step form step). */
  renderBlocks: (ids: readonly NodeId[]) => ReactNode;
};

export type BlockViewProps<K extends BlockType> = { block: BlockOf<K>; context: RenderContext };

/**
 * How one block type renders: its view (the element inside the block's wrapper, marked `fw-box`) and
 * the CSS of one block of the type, scoped to `scope` (the wrapper's class selector).
 */
export type BlockRenderer<K extends BlockType> = {
  View: (props: BlockViewProps<K>) => ReactNode;
  css?: (block: BlockOf<K>, scope: string, sheet: StyleSheet) => void;
};

/** The wrapper class of a node; every selector of the node's CSS starts with it. */
export function nodeClass(id: NodeId): string {
  return `fw-n${id}`;
}
