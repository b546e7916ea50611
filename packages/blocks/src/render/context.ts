import type { ReactNode } from 'react';
import type { BlockOf, BlockType } from '../catalogue/registry.ts';
import type { NodeId } from '../document/ids.ts';
import type { EditorDocument } from '../document/schema.ts';
import type { StyleSheet } from './css.ts';
import type { AnchorOf } from './links.ts';
import type { HtmlCollector } from './string/html.ts';

/** What every view can read while a page renders. */
export type RenderContext = {
  document: EditorDocument;
  /** The editor canvas: nodes carry data-node-id for selection, and empty media show a placeholder. */
  editor: boolean;
  anchorOf: AnchorOf;
  /** Renders a list of child blocks (a container box, a FAQ answer, a two-step form step). */
  renderBlocks: (ids: readonly NodeId[]) => ReactNode;
};

/** What every block's string renderer can read while a published page is written as text. */
export type HtmlContext = {
  document: EditorDocument;
  editor: boolean;
  anchorOf: AnchorOf;
  /** The HTML of a list of child blocks. */
  renderBlocks: (ids: readonly NodeId[]) => string;
  /** Eager images' sources, for the preload links React writes before the page. */
  collector: HtmlCollector;
};

export type BlockViewProps<K extends BlockType> = { block: BlockOf<K>; context: RenderContext };

/**
 * How one block type renders: its view (the element inside the block's wrapper, marked `fw-box`), the
 * same element written as a string for published pages (`html`, byte for byte the view's
 * `renderToString` output; the equivalence test checks every block and setting), and the CSS of one
 * block of the type, scoped to `scope` (the wrapper's class selector).
 */
export type BlockRenderer<K extends BlockType> = {
  View: (props: BlockViewProps<K>) => ReactNode;
  html: (block: BlockOf<K>, context: HtmlContext) => string;
  css?: (block: BlockOf<K>, scope: string, sheet: StyleSheet) => void;
};

/** The wrapper class of a node; every selector of the node's CSS starts with it. */
export function nodeClass(id: NodeId): string {
  return `fw-n${id}`;
}
