import { z } from 'zod';
import {
  borderStyleSchema,
  DEFAULT_FONT_FAMILY,
  DEFAULT_FONT_SIZE,
  DEFAULT_TEXT_COLOR,
  fontSchema,
  type Spacing,
  spacingSchema,
} from '../catalogue/common.ts';
import type { DocumentKind } from './ids.ts';
import { EMAIL_WIDTH } from './layouts.ts';

/**
 * "Page settings: backgroundColor, backgroundImage, padding, font (…), border, advanced id, cssClasses,
 * direction."
 */
export const pageSettingsSchema = z.object({
  backgroundColor: z.string(),
  backgroundImage: z.string(),
  padding: spacingSchema,
  font: fontSchema.omit({ align: true }),
  border: z.object({
    width: z.number().min(0),
    color: z.string(),
    style: borderStyleSchema,
    radius: z.number().min(0),
  }),
  advanced: z.object({ id: z.string(), cssClasses: z.string() }),
  direction: z.enum(['ltr', 'rtl']),
  /**
   * The page editor's payment-methods popup: the gateway ids this page's checkout offers. Absent or empty
   * offers every gateway the account has connected.
   */
  paymentMethods: z.array(z.number().int().positive()).max(50).optional(),
  /**
   * An e-mail's width in px ("Email default width 650, maximum 1200"), from the mobile breakpoint (480)
   * up; absent is 650. Pages ignore it.
   */
  width: z
    .number()
    .int('must be a whole number of pixels')
    .min(EMAIL_WIDTH.min, `must be at least ${EMAIL_WIDTH.min}`)
    .max(EMAIL_WIDTH.max, `must be at most ${EMAIL_WIDTH.max}`)
    .optional(),
});
export type PageSettings = z.infer<typeof pageSettingsSchema>;

/** "Default page padding: top 68, left and right 30, bottom 200 (email) and 100 or 0 (pages)." */
export const DEFAULT_PADDING: Readonly<Record<DocumentKind, Spacing>> = {
  page: { top: 68, right: 30, bottom: 100, left: 30 },
  email: { top: 68, right: 30, bottom: 200, left: 30 },
};

/** "Default font Roboto 14, colour #252A32." The rest matches the server's empty page document. */
export function defaultPageSettings(kind: DocumentKind = 'page'): PageSettings {
  return {
    backgroundColor: '#FFFFFF',
    backgroundImage: '',
    padding: { ...DEFAULT_PADDING[kind] },
    font: {
      family: DEFAULT_FONT_FAMILY,
      size: DEFAULT_FONT_SIZE,
      color: DEFAULT_TEXT_COLOR,
      bold: false,
      italic: false,
      lineThrough: false,
      underline: false,
    },
    border: { width: 0, color: DEFAULT_TEXT_COLOR, style: 'solid', radius: 0 },
    advanced: { id: '', cssClasses: '' },
    direction: 'ltr',
  };
}
