import { z } from 'zod';
import { nodeIdSchema } from '../document/ids.ts';
import type { advancedSchema } from './common.ts';

/** "responsive flags desktop, mobile, tablets": where the block is visible. */
export const responsiveSchema = z.object({ desktop: z.boolean(), mobile: z.boolean(), tablets: z.boolean() });
export type Responsive = z.infer<typeof responsiveSchema>;
export const VISIBLE_EVERYWHERE: Readonly<Responsive> = { desktop: true, mobile: true, tablets: true };

/** Which step of a two-step form a block sits in. */
export const formStepSchema = z.union([z.literal(1), z.literal(2)]);
export type FormStep = z.infer<typeof formStepSchema>;

/** "settings grouped as basic, advanced, and sometimes hover or active". */
export type AttributesSchema = z.ZodObject<{ basic: z.ZodObject; advanced: typeof advancedSchema }>;

type NoStructure = Record<never, never>;

/** The page palette's groups, in the order the palette shows them. */
export const PAGE_PALETTE_GROUPS = ['Layout', 'Content', 'Checkout', 'Engagement'] as const;
/** The e-mail palette's groups, in the order the palette shows them. */
export const EMAIL_PALETTE_GROUPS = ['Layout', 'Content', 'Commerce', 'Engagement'] as const;

/** Where an item sits in one editor's palette: its group and its place (`at`, ascending) in the group. */
export type PalettePlace<G extends string> = { group: G; at: number };

/** A palette item's entry: always in the page palette, in the e-mail palette only when `email` says so. */
export type PaletteEntry = {
  page: PalettePlace<(typeof PAGE_PALETTE_GROUPS)[number]>;
  email?: PalettePlace<(typeof EMAIL_PALETTE_GROUPS)[number]>;
};

/** What a palette item shows: a name the dashboard resolves to an icon (one map, keyed by these names). */
type PaletteLook<I extends string> = { palette: PaletteEntry; icon: I };

type BlockDefinitionInput<
  T extends string,
  A extends AttributesSchema,
  S extends z.ZodRawShape,
  I extends string,
> = PaletteLook<I> & {
  /** The key of the block in the document (`block.type`). */
  type: T;
  /** The element tag the renderers and the palette use. */
  tag: string;
  title: string;
  attributes: A;
  /** Fresh default attributes; every call returns new objects. */
  defaults: () => z.output<A>;
  /** Default `content` (rich text, HTML or a label) for blocks that have one. */
  content?: string;
  /** Fields that hold other blocks (container boxes, FAQ children, two-step form steps). */
  structure?: S;
};

/**
 * A block's markup: `page` its view, string and CSS renderer (`BlockRenderer`), `email` its MJML and
 * plain-text renderer (`EmailMarkup`), or `false` for a block that is never drawn in an e-mail. The registry
 * checks both against the block's own type (`BlockMarkup`): the renderers' block type derives from it.
 */
type MarkupInput<P, E> = { page: P; email: E };

/**
 * One block kind: the schema of a block of its type as it is stored in `children`, its defaults, palette
 * entry, icon and markup. The registry (`registry.ts`) lists these; every block list derives from it.
 */
export function defineBlock<
  const T extends string,
  A extends AttributesSchema,
  const I extends string,
  P,
  const E,
  S extends z.ZodRawShape = NoStructure,
>(definition: BlockDefinitionInput<T, A, S, I> & MarkupInput<P, E>) {
  const schema = z.object({
    id: nodeIdSchema,
    type: z.literal(definition.type),
    parent: nodeIdSchema,
    attributes: definition.attributes,
    content: z.string().optional(),
    step: formStepSchema.optional(),
    responsive: responsiveSchema,
    // A block without structure spreads undefined, which adds nothing; the cast only tells the compiler.
    ...(definition.structure as S),
  });
  return { ...definition, kind: 'block' as const, schema };
}

/** A catalogue entry for the two palette items that are not stored as blocks: row and section. */
export function defineLayoutItem<const T extends string, A extends AttributesSchema, const I extends string>(
  definition: PaletteLook<I> & {
    type: T;
    tag: string;
    title: string;
    attributes: A;
    defaults: () => z.output<A>;
  },
) {
  return { ...definition, kind: 'layout' as const };
}
