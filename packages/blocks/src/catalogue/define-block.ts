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

type BlockDefinitionInput<T extends string, A extends AttributesSchema, S extends z.ZodRawShape> = {
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

/** A catalogue entry and the schema of a block of its type as it is stored in `children`. */
export function defineBlock<
  const T extends string,
  A extends AttributesSchema,
  S extends z.ZodRawShape = NoStructure,
>(definition: BlockDefinitionInput<T, A, S>) {
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
  return { ...definition, schema };
}

/** A catalogue entry for the two palette items that are not stored as blocks: row and section. */
export function defineLayoutItem<const T extends string, A extends AttributesSchema>(definition: {
  type: T;
  tag: string;
  title: string;
  attributes: A;
  defaults: () => z.output<A>;
}) {
  return definition;
}
