import { DEFAULT_THEME, darken, luminance, type MantineColorsTuple, toRgba } from '@mantine/core';

/** WCAG 2.2 AA for text under 18.66 px bold / 24 px (1.4.3). */
export const AA = 4.5;
export const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};
const hex = (color: string) => {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
};
/** The nearest darker shade of `color` that reads at AA on each of `backgrounds` (itself when it does). */
function passing(color: string, backgrounds: string[]) {
  let shade = color;
  for (let step = 1; backgrounds.some((bg) => contrast(shade, bg) < AA) && step <= 50; step++)
    shade = hex(darken(color, step / 100));
  return shade;
}

/** The pale backgrounds a palette's text shades must read on: white, the gray 0 and 1 panels, its shades 0 and 1. */
export const paleBackgrounds = (shades: readonly string[]) => [
  '#ffffff',
  DEFAULT_THEME.colors.gray[0],
  DEFAULT_THEME.colors.gray[1],
  shades[0] as string,
  shades[1] as string,
];

/**
 * Mantine's palettes with shades 6 to 9 darkened to the nearest shade that passes AA (issue 39): those are
 * the text colours (dimmed is gray 6, links and `c="red"` shade 6), the fills white text sits on (filled
 * buttons and badges, shade 6) and the light variants' text (shade 9 on shade 1). Each must read on white,
 * on the gray 0 and 1 panels and on its own pale shades, each darker than the one before (hover is the
 * next shade); shades 0 to 5 (backgrounds, borders) stay.
 *
 * The theme uses the table this gives, written out in `palette-colors.ts` (computing it took ~30 ms of the
 * boot task); `palette.test.ts` checks the two are equal.
 */
export function accessiblePalette(): Record<string, MantineColorsTuple> {
  return Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => {
      const pale = paleBackgrounds(shades);
      const tuple = [...shades];
      for (let i = 6; i < 10; i++) {
        const shade = passing(shades[i] as string, pale);
        // Each shade stays darker than the one before it (hover is the next shade).
        const before = tuple[i - 1] as string;
        tuple[i] = i > 6 && luminance(shade) >= luminance(before) ? hex(darken(before, 0.08)) : shade;
      }
      return [name, tuple as unknown as MantineColorsTuple];
    }),
  );
}
