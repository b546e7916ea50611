import { createTheme } from '@mantine/core';
import { ACCESSIBLE_COLORS } from './palette-colors.ts';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Mantine's palettes with the text shades darkened to pass AA (palette.ts).
  colors: ACCESSIBLE_COLORS,
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
