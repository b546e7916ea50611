import { memo, type ReactNode } from 'react';
import type { Advanced } from '../catalogue/common.ts';
import type { Responsive } from '../catalogue/define-block.ts';
import { type Block, type BlockType, markupOf } from '../catalogue/registry.ts';
import type { NodeId } from '../document/ids.ts';
import type { EditorDocument, Row, Section } from '../document/schema.ts';
import { blockChildLists } from '../document/structure.ts';
import { BASE_CSS, EDITOR_CSS } from './base-css.ts';
import type { BlockRenderer, HtmlContext, RenderContext } from './context.ts';
import { nodeClass } from './context.ts';
import {
  alignValues,
  borderCss,
  cssColor,
  cssUrl,
  type Declarations,
  type Device,
  fontCss,
  fontFamilyName,
  merchantClasses,
  round,
  StyleSheet,
  spacingCss,
  visibilityClasses,
} from './css.ts';
import type { AnchorOf } from './links.ts';
import { safeHref } from './links.ts';

type AnyRenderer = {
  View: (props: { block: Block; context: RenderContext }) => ReactNode;
  html: (block: Block, context: HtmlContext) => string;
  css?: (block: Block, scope: string, sheet: StyleSheet) => void;
};

/** The renderer of a block's own type (TypeScript cannot relate a union member to its map entry). */
export function rendererOf(block: Block): AnyRenderer {
  return markupOf(block.type).page as BlockRenderer<BlockType> as AnyRenderer;
}

type NodeKind = 'section' | 'row' | BlockType;

/** The attributes every node's wrapper carries: classes, the merchant's id and, in the editor, the node id. */
function wrapperProps(
  context: RenderContext,
  id: NodeId,
  kind: NodeKind,
  advanced: Advanced,
  baseClasses: (string | false)[],
  responsive?: Responsive,
) {
  const classes = [
    ...baseClasses,
    nodeClass(id),
    ...(responsive ? visibilityClasses(responsive) : []),
    ...merchantClasses(advanced.cssClasses),
  ].filter(Boolean);
  return {
    className: classes.join(' '),
    id: context.anchorOf(id),
    ...(context.editor ? { 'data-node-id': String(id), 'data-node-type': kind } : {}),
  };
}

type BlockViewProps = {
  block: Block;
  context: RenderContext;
  /** The page's anchors as text (anchorsText): what a view reads of the document besides its settings. */
  anchors: string;
};

/**
 * A block re-renders only when its own node, the page settings or the anchors changed (or it holds other
 * blocks): typing into one block of 300 re-renders one (bench/editor.ts).
 */
const sameBlockView = (before: BlockViewProps, after: BlockViewProps) =>
  before.block === after.block &&
  before.anchors === after.anchors &&
  before.context.editor === after.context.editor &&
  before.context.document.settings === after.context.document.settings &&
  blockChildLists(after.block).length === 0;

const BlockView = memo(function BlockView({ block, context }: BlockViewProps) {
  const { View } = rendererOf(block);
  return (
    <div
      {...wrapperProps(
        context,
        block.id,
        block.type,
        block.attributes.advanced,
        ['fw-block', `fw-${block.type}-block`],
        block.responsive,
      )}
    >
      <View block={block} context={context} />
    </div>
  );
}, sameBlockView);

function RowView({ row, context }: { row: Row; context: RenderContext }) {
  const sticky = row.attributes.basic.sticky && 'fw-sticky';
  const editorLabel = context.editor
    ? { 'data-label-title': row.labelTitle, 'data-label-color': row.labelColor }
    : {};
  return (
    <div
      {...wrapperProps(context, row.id, 'row', row.attributes.advanced, ['fw-row', sticky])}
      {...editorLabel}
    >
      <div className="fw-row-inner">
        {row.cols.map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is known by its position
          <div key={index} className="fw-col">
            {context.renderBlocks(column.children)}
          </div>
        ))}
      </div>
    </div>
  );
}

function SectionView({ section, context }: { section: Section; context: RenderContext }) {
  const { width, sticky } = section.attributes.basic;
  return (
    <section
      {...wrapperProps(context, section.id, 'section', section.attributes.advanced, [
        'fw-section',
        `fw-section-${width}`,
        sticky && 'fw-sticky',
      ])}
    >
      <div className="fw-section-inner">
        {section.children.map((rowId) => {
          const row = context.document.rows[rowId];
          return row ? <RowView key={rowId} row={row} context={context} /> : null;
        })}
      </div>
    </section>
  );
}

/** The page: its sections in order, inside the page box that carries the page settings. */
export function PageView({ document, editor = false }: { document: EditorDocument; editor?: boolean }) {
  const anchorOf = anchorsOf(document);
  const anchors = anchorsText(document);
  const context: RenderContext = {
    document,
    editor,
    anchorOf,
    renderBlocks: (ids) =>
      ids.map((id) => {
        const block = document.children[id];
        return block ? <BlockView key={id} block={block} context={context} anchors={anchors} /> : null;
      }),
  };
  const { settings } = document;
  const classes = ['fw-page', editor && 'fw-editor', ...merchantClasses(settings.advanced.cssClasses)];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      id={settings.advanced.id.trim() || undefined}
      dir={settings.direction}
    >
      {document.content.map((section) => (
        <SectionView key={section.id} section={section} context={context} />
      ))}
    </div>
  );
}

/**
 * The id attribute of each node a page gives one: its css id, else `fw-<id>` when a goto-element
 * action points at it. Worked out once per document (documents are not changed in place).
 */
const anchorCache = new WeakMap<EditorDocument, AnchorOf>();
export function anchorsOf(document: EditorDocument): AnchorOf {
  const cached = anchorCache.get(document);
  if (cached) return cached;
  const targets = linkTargets(document);
  const anchors = new Map<NodeId, string | undefined>();
  const anchorOf: AnchorOf = (id) => {
    if (anchors.has(id)) return anchors.get(id);
    const cssId = nodeAdvanced(document, id)?.cssId.trim();
    const anchor = cssId || (targets.has(id) ? `fw-${id}` : undefined);
    anchors.set(id, anchor);
    return anchor;
  };
  anchorCache.set(document, anchorOf);
  return anchorOf;
}

/** Every node's anchor as text (`7:fw-7 9:signup`), worked out once per document. */
const anchorsTextCache = new WeakMap<EditorDocument, string>();
function anchorsText(document: EditorDocument): string {
  const cached = anchorsTextCache.get(document);
  if (cached !== undefined) return cached;
  const anchorOf = anchorsOf(document);
  const ids = [
    ...document.content.map((section) => section.id),
    ...Object.keys(document.rows).map(Number),
    ...Object.keys(document.children).map(Number),
  ];
  const text = ids
    .map((id) => [id, anchorOf(id)] as const)
    .filter(([, anchor]) => anchor !== undefined)
    .map(([id, anchor]) => `${id}:${anchor}`)
    .join(' ');
  anchorsTextCache.set(document, text);
  return text;
}

/** The advanced settings (css id) of a section, row or block. */
function nodeAdvanced(document: EditorDocument, id: NodeId): Advanced | undefined {
  return (
    document.children[id]?.attributes.advanced ??
    document.rows[id]?.attributes.advanced ??
    document.content.find((section) => section.id === id)?.attributes.advanced
  );
}

/** Every node a goto-element action points at: those need an id attribute to be scrolled to. */
function linkTargets(document: EditorDocument): Set<NodeId> {
  const targets = new Set<NodeId>();
  for (const block of Object.values(document.children))
    for (const id of blockLinkTargets(block.attributes)) targets.add(id);
  return targets;
}

/** The nodes one block's goto-element actions point at, per attributes object (an edit makes a new one). */
const blockTargetsCache = new WeakMap<object, NodeId[]>();
function blockLinkTargets(attributes: object): NodeId[] {
  const cached = blockTargetsCache.get(attributes);
  if (cached) return cached;
  const targets: NodeId[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      if (record.type === 'goto-element' && typeof record.elementId === 'number')
        targets.push(record.elementId);
      Object.values(record).forEach(visit);
    }
  };
  visit(attributes);
  blockTargetsCache.set(attributes, targets);
  return targets;
}

type BackgroundBasic = {
  backgroundColor: string;
  backgroundImage: string;
  backgroundStyle: 'auto' | 'cover';
  backgroundPosition: string;
};

function backgroundCss(basic: BackgroundBasic) {
  const image = safeHref(basic.backgroundImage);
  return {
    'background-color': cssColor(basic.backgroundColor),
    'background-image': image ? cssUrl(image) : undefined,
    'background-size': image ? basic.backgroundStyle : undefined,
    'background-position': image ? `center ${basic.backgroundPosition}` : undefined,
    'background-repeat': image ? 'no-repeat' : undefined,
  };
}

function spacingRules(scope: string, advanced: Advanced, sheet: StyleSheet, paddingOn: string) {
  const zero = (value: Advanced['margin']) =>
    value.top === 0 && value.right === 0 && value.bottom === 0 && value.left === 0;
  if (!zero(advanced.margin)) sheet.add(scope, { margin: spacingCss(advanced.margin) });
  if (!zero(advanced.padding)) sheet.add(paddingOn, { padding: spacingCss(advanced.padding) });
}

/** A block's rules as they were added, to add again: the same calls, so the same stylesheet. */
class RecordedSheet extends StyleSheet {
  private readonly calls: ((sheet: StyleSheet) => void)[] = [];
  override add(selector: string, declarations: Declarations, device: Device = 'desktop'): void {
    this.calls.push((sheet) => sheet.add(selector, declarations, device));
  }
  override addRaw(css: string): void {
    this.calls.push((sheet) => sheet.addRaw(css));
  }
  replay(sheet: StyleSheet): void {
    for (const call of this.calls) call(sheet);
  }
}

/**
 * Each block's rules, worked out once per block object (an edit makes a new one): the editor writes the
 * page's CSS on every keystroke, and working out 300 blocks' rules each time cost more than the rest.
 */
const blockCssCache = new WeakMap<Block, RecordedSheet>();
function blockCss(block: Block): RecordedSheet {
  const cached = blockCssCache.get(block);
  if (cached) return cached;
  const sheet = new RecordedSheet();
  const scope = `.${nodeClass(block.id)}`;
  spacingRules(scope, block.attributes.advanced, sheet, `${scope}>.fw-box`);
  const align = 'align' in block.attributes.basic ? block.attributes.basic.align : undefined;
  if (align) sheet.addPerDevice(scope, alignValues(align), (value) => ({ 'text-align': value }));
  rendererOf(block).css?.(block, scope, sheet);
  blockCssCache.set(block, sheet);
  return sheet;
}

/** The CSS of a document: shared styles, page settings, then every section, row and block. */
export function pageCss(document: EditorDocument, editor = false): string {
  // Published pages write identical rules once (the editor keeps one rule per node to read while editing).
  const sheet = new StyleSheet(
    editor
      ? undefined
      : {
          isLeafBlock: (id) => {
            const block = document.children[id];
            return block !== undefined && blockChildLists(block).length === 0;
          },
        },
  );
  const { settings } = document;
  const pageImage = safeHref(settings.backgroundImage);
  sheet.add('.fw-page', {
    'background-color': cssColor(settings.backgroundColor),
    'background-image': pageImage ? cssUrl(pageImage) : undefined,
    'background-size': pageImage ? 'cover' : undefined,
    padding: spacingCss(settings.padding),
    ...fontCss(settings.font),
    ...borderCss({
      width: settings.border.width,
      color: settings.border.color,
      style: settings.border.style,
      sides: { top: true, right: true, bottom: true, left: true },
      radius: {
        topLeft: settings.border.radius,
        topRight: settings.border.radius,
        bottomRight: settings.border.radius,
        bottomLeft: settings.border.radius,
      },
    }),
  });
  for (const section of document.content) {
    const scope = `.${nodeClass(section.id)}`;
    sheet.add(scope, backgroundCss(section.attributes.basic));
    spacingRules(scope, section.attributes.advanced, sheet, scope);
    for (const rowId of section.children) {
      const row = document.rows[rowId];
      if (!row) continue;
      const rowScope = `.${nodeClass(row.id)}`;
      sheet.add(rowScope, backgroundCss(row.attributes.basic));
      spacingRules(rowScope, row.attributes.advanced, sheet, rowScope);
      row.cols.forEach((column, index) => {
        // Columns keep their widths on desktops and tablets and stack on phones.
        sheet.addPerDevice(
          `${rowScope}>.fw-row-inner>.fw-col:nth-child(${index + 1})`,
          { desktop: `${round(column.width)}%`, mobile: '100%' },
          (width) => ({ width }),
        );
      });
    }
  }
  for (const block of Object.values(document.children)) blockCss(block).replay(sheet);
  return [BASE_CSS, editor ? EDITOR_CSS : '', sheet.toString()].filter(Boolean).join('\n');
}

/** The font families a document uses (page font and every block font), for loading web fonts. */
export function documentFonts(document: EditorDocument): string[] {
  const families = new Set<string>([fontFamilyName(document.settings.font.family)]);
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      if (typeof record.family === 'string' && typeof record.size === 'number')
        families.add(fontFamilyName(record.family));
      Object.values(record).forEach(visit);
    }
  };
  for (const block of Object.values(document.children)) visit(block.attributes);
  families.delete('');
  return [...families].sort();
}
