import { z } from 'zod';
import { beforeAfterSlider } from '../blocks/before-after-slider.tsx';
import { button } from '../blocks/button.tsx';
import { container } from '../blocks/container.tsx';
import { customHtml } from '../blocks/custom-html.tsx';
import { faq } from '../blocks/faq.tsx';
import { formButton } from '../blocks/form-button.tsx';
import { formElement } from '../blocks/form-element.tsx';
import { formSpacer } from '../blocks/form-spacer.tsx';
import { headline } from '../blocks/headline.tsx';
import { image } from '../blocks/image.tsx';
import { imageSlider } from '../blocks/image-slider.tsx';
import { link } from '../blocks/link.tsx';
import { menu } from '../blocks/menu.tsx';
import { orderBump } from '../blocks/order-bump.tsx';
import { orderSummary } from '../blocks/order-summary.tsx';
import { paragraph } from '../blocks/paragraph.tsx';
import { paymentForm } from '../blocks/payment-form.tsx';
import { productList } from '../blocks/product-list.tsx';
import { progressBar } from '../blocks/progress-bar.tsx';
import { social } from '../blocks/social.tsx';
import { spacer } from '../blocks/spacer.tsx';
import { timer } from '../blocks/timer.tsx';
import { twoStepForm } from '../blocks/two-step-form.tsx';
import { video } from '../blocks/video.tsx';
import type { BlockRenderer } from '../render/context.ts';
import type { EmailMarkup } from '../render/email/block-markup.ts';
import { EMAIL_PALETTE_GROUPS, PAGE_PALETTE_GROUPS } from './define-block.ts';
import { row } from './row.ts';
import { section } from './section.ts';

/**
 * Every palette item, in the spec's order: "Page palette: button, custom HTML, form element, headline, image,
 * link, menu, order bump, order summary, paragraph, payment form, product list, progress bar, row, section,
 * social, spacer, timer, video, form button, image slider, container, FAQ, before/after slider, two-step form,
 * form spacer." A new block is one module (its `defineBlock`) and its entry here: the block types, schemas,
 * both palettes, the icons, the page and e-mail renderers and the plain text all derive from this list.
 */
const PALETTE_DEFINITIONS = [
  button,
  customHtml,
  formElement,
  headline,
  image,
  link,
  menu,
  orderBump,
  orderSummary,
  paragraph,
  paymentForm,
  productList,
  progressBar,
  row,
  section,
  social,
  spacer,
  timer,
  video,
  formButton,
  imageSlider,
  container,
  faq,
  beforeAfterSlider,
  twoStepForm,
  formSpacer,
] as const;

type PaletteDefinition = (typeof PALETTE_DEFINITIONS)[number];
type DefinitionsOf<Kind extends PaletteDefinition['kind']> = {
  [D in Extract<PaletteDefinition, { kind: Kind }> as D['type']]: D;
};

function definitionsOf<Kind extends PaletteDefinition['kind']>(kind: Kind): DefinitionsOf<Kind> {
  const entries = PALETTE_DEFINITIONS.filter((definition) => definition.kind === kind).map(
    (definition) => [definition.type, definition] as const,
  );
  return Object.fromEntries(entries) as DefinitionsOf<Kind>;
}

/** Every block stored in a document's `children`, keyed by its type. */
export const BLOCKS = definitionsOf('block');

type Definitions = typeof BLOCKS;
export type BlockType = keyof Definitions;
/** The definition of one block kind (`defineBlock` in its module under `blocks/`). */
export type BlockDefinition<K extends BlockType = BlockType> = Definitions[K];
export type BlockOf<K extends BlockType> = z.output<Definitions[K]['schema']>;
export type Block = { [K in BlockType]: BlockOf<K> }[BlockType];
export type AttributesOf<K extends BlockType> = BlockOf<K>['attributes'];

/** What a new block is made from: its type, attributes and optional content. */
export type BlockDraft = {
  [K in BlockType]: { type: K; attributes: AttributesOf<K>; content?: string };
}[BlockType];

export const BLOCK_TYPES = Object.keys(BLOCKS) as BlockType[];

export function isBlockType(value: string): value is BlockType {
  return Object.hasOwn(BLOCKS, value);
}

/** The draft of a new block of `type` with every catalogue default. */
export function blockDraft(type: BlockType): BlockDraft {
  const definition = BLOCKS[type];
  const draft = { type, attributes: definition.defaults() };
  // TypeScript cannot relate a definition's defaults to its own type key across the union.
  return ('content' in definition ? { ...draft, content: definition.content } : draft) as BlockDraft;
}

const [firstSchema, ...otherSchemas] = Object.values(BLOCKS).map((definition) => definition.schema);

/** A stored block, checked against the schema of its own type (zod reports the path of a bad field). */
export const blockSchema = z.discriminatedUnion('type', [firstSchema!, ...otherSchemas]);

/** The two palette items that are not blocks but the document's structure. */
export const LAYOUT_ITEMS = definitionsOf('layout');

export type PaletteType = PaletteDefinition['type'];

/** The page palette's items in the spec's order (the list above). */
export const PAGE_PALETTE: readonly PaletteType[] = PALETTE_DEFINITIONS.map((definition) => definition.type);

/** The name of a palette item's icon; the dashboard resolves each name once (a new name does not compile there). */
export type PaletteIconName = PaletteDefinition['icon'];

/**
 * "Email blocks: spacer, button, headline, paragraph, image, video, link, social, menu, timer, custom html,
 * progress bar, product list, form element, payment form, two-step form": the spec's sentence, in its order.
 * The e-mail palette reads the definitions' entries; registry.test.ts holds the two to the same blocks.
 */
export const EMAIL_BLOCK_TYPES = [
  'spacer',
  'button',
  'headline',
  'paragraph',
  'image',
  'video',
  'link',
  'social',
  'menu',
  'timer',
  'customHtml',
  'progressBar',
  'productList',
  'formElement',
  'paymentForm',
  'twoStepForm',
] as const satisfies readonly BlockType[];

/**
 * "email renderings exist for order bump, social, link, menu, form element, progress bar, custom html,
 * product list and a payment form placeholder" — blocks the e-mail renderer draws in an e-mail of its own.
 */
export const EMAIL_RENDERED_TYPES = [
  'orderBump',
  'social',
  'link',
  'menu',
  'formElement',
  'progressBar',
  'customHtml',
  'productList',
  'paymentForm',
] as const satisfies readonly BlockType[];

function definitionOf(type: PaletteType): PaletteDefinition {
  return type === 'row' || type === 'section' ? LAYOUT_ITEMS[type] : BLOCKS[type];
}

/** Whether the e-mail editor offers a block of this type (its palette entry names an e-mail group). */
export function isEmailBlock(type: BlockType): boolean {
  return BLOCKS[type].palette.email !== undefined;
}

/** The catalogue entry of a palette item: tag and title. */
export function paletteItem(type: PaletteType): { type: PaletteType; tag: string; title: string } {
  const definition = definitionOf(type);
  return { type, tag: definition.tag, title: definition.title };
}

/** The icon name of a palette item. */
export function paletteIconName(type: PaletteType): PaletteIconName {
  return definitionOf(type).icon;
}

/** One titled group of a palette's items. */
export type PaletteGroup = { title: string; types: readonly PaletteType[] };

/** An editor's palette: its groups in order, each with the items whose entry names it, by their place. */
export function paletteGroups(editor: 'page' | 'email'): PaletteGroup[] {
  const titles = editor === 'page' ? PAGE_PALETTE_GROUPS : EMAIL_PALETTE_GROUPS;
  return titles.map((title) => ({
    title,
    types: PALETTE_DEFINITIONS.flatMap((definition) => {
      const place = definition.palette[editor];
      return place?.group === title ? [{ type: definition.type, at: place.at }] : [];
    })
      .sort((a, b) => a.at - b.at)
      .map((item) => item.type),
  }));
}

/** A block's markup: its page renderer and its e-mail markup, or `false` when it is never in an e-mail. */
export type BlockMarkup<K extends BlockType> = { page: BlockRenderer<K>; email: EmailMarkup<K> | false };

/** Every definition's markup, checked against its own block type: a misfit does not compile. */
const MARKUP: { readonly [K in BlockType]: BlockMarkup<K> } = BLOCKS;

/** The markup of a block type. */
export function markupOf<K extends BlockType>(type: K): BlockMarkup<K> {
  return MARKUP[type];
}
