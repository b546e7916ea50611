import { z } from 'zod';
import { columnLayoutSchema } from '../document/layouts.ts';
import { advanced, advancedSchema, background, backgroundSchema } from './common.ts';
import { defineLayoutItem } from './define-block.ts';

/** Rows hold columns of blocks; `columns` names the layout of `row.cols` (spec §3.2 row, §4). */
export const rowAttributesSchema = z.object({
  basic: backgroundSchema.extend({ columns: columnLayoutSchema, sticky: z.boolean() }),
  advanced: advancedSchema,
});
export type RowAttributes = z.infer<typeof rowAttributesSchema>;

/** The editor's layout tree shows a row by this label; an empty title shows the default name. */
export const ROW_LABEL_DEFAULTS = { labelTitle: '', labelColor: '#4368E0' } as const;

export const row = defineLayoutItem({
  type: 'row',
  tag: 'row',
  title: 'Row',
  palette: { page: { group: 'Layout', at: 1 }, email: { group: 'Layout', at: 1 } },
  icon: 'columns',
  attributes: rowAttributesSchema,
  defaults: (): RowAttributes => ({
    basic: { ...background(), columns: 'one', sticky: false },
    advanced: advanced(),
  }),
});
