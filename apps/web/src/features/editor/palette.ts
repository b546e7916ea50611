import { type PaletteType, paletteItem } from '@funnelwork/blocks';

/** One titled group of the palette's items; a shell passes its palette as a list of them. */
export type PaletteGroup = { title: string; types: readonly PaletteType[] };

export const paletteTitle = (type: PaletteType) => paletteItem(type).title;
