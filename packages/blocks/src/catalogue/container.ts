import { z } from 'zod';
import { nodeIdSchema } from '../document/ids.ts';
import { containerRenderer } from '../render/blocks/container.tsx';
import { advanced, advancedSchema, border, borderSchema } from './common.ts';
import { defineBlock } from './define-block.ts';

/** "Container blocks hold boxes (value = width, children)." */
export const boxSchema = z.object({ value: z.number().min(0).max(100), children: z.array(nodeIdSchema) });
export type Box = z.infer<typeof boxSchema>;

/** A new container has two empty boxes side by side. */
export function initialBoxes(): Box[] {
  return [
    { value: 50, children: [] },
    { value: 50, children: [] },
  ];
}

export const containerAttributesSchema = z.object({
  basic: z.object({
    orientation: z.enum(['row', 'column']),
    gap: z.number().min(0),
    backgroundColor: z.string(),
    border: borderSchema,
  }),
  advanced: advancedSchema,
});
export type ContainerAttributes = z.infer<typeof containerAttributesSchema>;

export const container = defineBlock({
  type: 'container',
  tag: 'container',
  title: 'Container',
  palette: { page: { group: 'Layout', at: 2 } },
  icon: 'box-multiple',
  page: containerRenderer,
  email: false,
  attributes: containerAttributesSchema,
  defaults: (): ContainerAttributes => ({
    basic: { orientation: 'row', gap: 16, backgroundColor: '', border: border() },
    advanced: advanced(),
  }),
  structure: { boxes: z.array(boxSchema).min(1) },
});
