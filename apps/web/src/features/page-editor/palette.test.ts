import { PAGE_PALETTE } from '@funnelwork/blocks';
import { describe, expect, it } from 'vitest';
import { PALETTE_GROUPS } from './palette.ts';

describe('palette groups', () => {
  it("offer every item of the spec's page palette exactly once", () => {
    const grouped = PALETTE_GROUPS.flatMap((group) => group.types);
    expect([...grouped].sort()).toEqual([...PAGE_PALETTE].sort());
    expect(new Set(grouped).size).toBe(26);
  });
});
