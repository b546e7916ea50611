import {
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
  toRgba,
} from '@mantine/core';

/** WCAG 2.2 AA for text under 18.66 px bold / 24 px (1.4.3). */
const AA = 4.5;
const contrast = (a: string, b: string) => {
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
/**
 * Mantine's palettes with shades 6 to 9 darkened to the nearest shade that passes AA (issue 39): those are
 * the text colours (dimmed is gray 6, links and `c="red"` shade 6), the fills white text sits on (filled
 * buttons and badges, shade 6) and the light variants' text (shade 9 on shade 1). Each must read on white,
 * on the gray 0 and 1 panels and on its own pale shades, each darker than the one before (hover is the
 * next shade); shades 0 to 5 (backgrounds, borders) stay.
 */
const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => {
    const pale = [
      '#ffffff',
      DEFAULT_THEME.colors.gray[0],
      DEFAULT_THEME.colors.gray[1],
      shades[0],
      shades[1],
    ];
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

export const theme = createTheme({
  primaryColor: 'indigo',
  colors,
  // Transitions are instant for whoever asks their system for reduced motion.
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: {
      defaultProps: { centered: true, radius: 'lg', closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: { fontWeight: 600 } },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Tooltip: { defaultProps: { withArrow: true } },
    // A link in a sentence is told from its text by more than colour (WCAG 1.4.1, axe link-in-text-block).
    Anchor: { defaultProps: { underline: 'always' } },
    // No focusable placeholder inside role=menu (axe aria-required-children); arrows still reach the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A table wider than its card scrolls sideways: its viewport takes the focus so the keyboard can scroll it.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // Arrow buttons named in the spec's words ("pagination with Prev and Next").
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
          'aria-label': { first: 'First', previous: 'Prev', next: 'Next', last: 'Last' }[control],
        }),
      },
    },
    // Labels stay exactly their words (no trailing asterisk), so people and tests find fields by label.
    TextInput: { defaultProps: { withAsterisk: false } },
    PasswordInput: { defaultProps: { withAsterisk: false } },
    Select: { defaultProps: { withAsterisk: false } },
  },
});
