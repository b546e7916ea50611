import { PAGE_PALETTE } from '@funnelwork/blocks';
import { describe, expect, it } from 'vitest';
import { paletteIcon } from './palette-icons.ts';

describe('palette icons', () => {
  it("resolve for every palette item from its definition's icon name, each item its own icon", () => {
    const icons = PAGE_PALETTE.map(paletteIcon);
    for (const icon of icons) expect(icon).toBeTruthy();
    expect(new Set(icons).size).toBe(PAGE_PALETTE.length);
  });
});
