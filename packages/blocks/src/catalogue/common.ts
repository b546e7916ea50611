import { z } from 'zod';

/** "Default font Roboto 14, colour #252A32." */
export const DEFAULT_FONT_FAMILY = 'Roboto';
/**
 * The web fonts a merchant can pick: served by Funnelwork itself from the `@fontsource` packages (the
 * published origin's `/_fw/fonts/`, the editor's own bundle), never from a third-party font service.
 */
export const WEB_FONT_FAMILIES = ['Roboto', 'Open Sans', 'Lato', 'Montserrat', 'Poppins', 'Inter'] as const;
/** Fonts every device has (never downloaded), offered after the web fonts. */
export const SYSTEM_FONT_FAMILIES = ['Arial', 'Georgia', 'Helvetica', 'Times New Roman'] as const;
export const DEFAULT_FONT_SIZE = 14;
export const DEFAULT_TEXT_COLOR = '#252A32';
/** The accent of the spec's defaults (menu hover #4368E0), reused where the spec names no colour. */
export const ACCENT_COLOR = '#4368E0';
export const WHITE = '#FFFFFF';

export const textAlignSchema = z.enum(['left', 'center', 'right', 'justify']);
export const alignSchema = z.enum(['left', 'center', 'right']);
export type Align = z.infer<typeof alignSchema>;
export const borderStyleSchema = z.enum(['none', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge']);
/** Spacer and form spacer styles (spec §3.2). */
export const lineStyleSchema = z.enum(['dotted', 'dashed', 'solid', 'double', 'groove', 'ridge']);
/** Image and slider fit (spec §3.2 image). */
export const imageFitSchema = z.enum(['default', 'cover', 'fill', 'scale-down', 'contain', 'none']);

export const spacingSchema = z.object({
  top: z.number(),
  right: z.number(),
  bottom: z.number(),
  left: z.number(),
});
export type Spacing = z.infer<typeof spacingSchema>;

/** Font (family, size, color, bold, italic, line-through, underline, text align). */
export const fontSchema = z.object({
  family: z.string().min(1),
  size: z.number().positive(),
  color: z.string(),
  bold: z.boolean(),
  italic: z.boolean(),
  lineThrough: z.boolean(),
  underline: z.boolean(),
  align: textAlignSchema,
});
export type Font = z.infer<typeof fontSchema>;

/** Border (width, color, style, sides, per-corner radius). */
export const borderSchema = z.object({
  width: z.number().min(0),
  color: z.string(),
  style: borderStyleSchema,
  sides: z.object({ top: z.boolean(), right: z.boolean(), bottom: z.boolean(), left: z.boolean() }),
  radius: z.object({
    topLeft: z.number().min(0),
    topRight: z.number().min(0),
    bottomRight: z.number().min(0),
    bottomLeft: z.number().min(0),
  }),
});
export type Border = z.infer<typeof borderSchema>;

export const shadowSchema = z.object({
  x: z.number(),
  y: z.number(),
  blur: z.number().min(0),
  spread: z.number(),
  color: z.string(),
  inset: z.boolean(),
});
export const textShadowSchema = z.object({
  x: z.number(),
  y: z.number(),
  blur: z.number().min(0),
  color: z.string(),
});

/** Per-device alignment. */
export const deviceAlignSchema = z.object({
  desktop: alignSchema,
  tablets: alignSchema,
  mobile: alignSchema,
});
export type DeviceAlign = z.infer<typeof deviceAlignSchema>;

/** Width and height in px; null means automatic. */
export const sizeSchema = z.object({
  width: z.number().positive().nullable(),
  height: z.number().positive().nullable(),
});

/** attributes.advanced of every block, row and section (spec §3.1). */
export const advancedSchema = z.object({
  cssId: z.string(),
  cssClasses: z.string(),
  padding: spacingSchema,
  margin: spacingSchema,
});
export type Advanced = z.infer<typeof advancedSchema>;

/** Background options shared by rows and sections (spec §3.2 row, section). */
export const backgroundSchema = z.object({
  backgroundColor: z.string(),
  backgroundImage: z.string(),
  backgroundStyle: z.enum(['auto', 'cover']),
  backgroundPosition: z.enum(['top', 'center', 'bottom']),
});

export function spacing(top = 0, right = top, bottom = top, left = right): Spacing {
  return { top, right, bottom, left };
}

export function font(overrides: Partial<Font> = {}): Font {
  return {
    family: DEFAULT_FONT_FAMILY,
    size: DEFAULT_FONT_SIZE,
    color: DEFAULT_TEXT_COLOR,
    bold: false,
    italic: false,
    lineThrough: false,
    underline: false,
    align: 'left',
    ...overrides,
  };
}

export function border(
  options: Partial<Omit<Border, 'radius' | 'sides'>> & { radius?: number } = {},
): Border {
  const { radius = 0, ...rest } = options;
  return {
    width: 0,
    color: DEFAULT_TEXT_COLOR,
    style: 'none',
    ...rest,
    sides: { top: true, right: true, bottom: true, left: true },
    radius: { topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius },
  };
}

export function advanced(overrides: Partial<Advanced> = {}): Advanced {
  return { cssId: '', cssClasses: '', padding: spacing(), margin: spacing(), ...overrides };
}

export function deviceAlign(align: Align = 'left'): DeviceAlign {
  return { desktop: align, tablets: align, mobile: align };
}

export function background(): z.infer<typeof backgroundSchema> {
  return { backgroundColor: '', backgroundImage: '', backgroundStyle: 'cover', backgroundPosition: 'center' };
}
