import { paletteGroups } from '@funnelwork/blocks';

/** The page palette (spec §3.2), grouped the way a merchant looks for things: each block's own entry. */
export const PALETTE_GROUPS = paletteGroups('page');
