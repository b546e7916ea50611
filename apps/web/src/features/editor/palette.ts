import { type PaletteType, paletteItem } from '@funnelwork/blocks';

export type { PaletteGroup } from '@funnelwork/blocks';

export const paletteTitle = (type: PaletteType) => paletteItem(type).title;
