import { EMAIL_BLOCK_TYPES } from '@funnelwork/blocks';
import { describe, expect, it } from 'vitest';
import { EMAIL_PALETTE_GROUPS } from './palette.ts';

describe('the e-mail palette', () => {
  it('offers every e-mail block of the spec exactly once, and the section and row', () => {
    const grouped = EMAIL_PALETTE_GROUPS.flatMap((group) => group.types);
    expect([...grouped].sort()).toEqual([...EMAIL_BLOCK_TYPES, 'row', 'section'].sort());
    expect(new Set(grouped).size).toBe(18);
  });
});
