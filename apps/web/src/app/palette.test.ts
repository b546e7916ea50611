import { describe, expect, it } from 'vitest';
import { AA, accessiblePalette, contrast, paleBackgrounds } from './palette.ts';
import { ACCESSIBLE_COLORS } from './palette-colors.ts';

describe('the theme palette', () => {
  it('is the table accessiblePalette() computes', () => {
    expect(ACCESSIBLE_COLORS).toEqual(accessiblePalette());
  });

  it('reads at AA: shades 6 to 9 on white, the gray panels and the palette’s own pale shades', () => {
    const failing = Object.entries(ACCESSIBLE_COLORS).flatMap(([name, shades]) =>
      name === 'dark'
        ? []
        : [6, 7, 8, 9].flatMap((i) =>
            paleBackgrounds(shades)
              .filter((bg) => contrast(shades[i] as string, bg) < AA)
              .map((bg) => `${name}.${i} on ${bg}`),
          ),
    );
    expect(failing).toEqual([]);
  });
});
