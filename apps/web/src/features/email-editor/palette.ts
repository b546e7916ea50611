import { paletteGroups } from '@funnelwork/blocks';

/**
 * The e-mail palette (spec §3.2 "Email blocks: spacer, button, headline, paragraph, image, video, link,
 * social, menu, timer, custom html, progress bar, product list, form element, payment form, two-step
 * form"), with the section and row that hold them: each block's own entry.
 */
export const EMAIL_PALETTE_GROUPS = paletteGroups('email');
