/**
 * The networks whose icon an e-mail's social block draws from the app's own assets
 * (`/email-assets/social/<network>.png`, made by `npm run email:social-icons`); mjml's defaults would
 * load them from a third party's host. Other networks show their title as a text link.
 */
export const EMAIL_SOCIAL_ICONS = ['facebook', 'instagram', 'x', 'linkedin', 'youtube', 'pinterest'] as const;

/** Where the icon of a network lives under the app's public address. */
export function emailSocialIconUrl(assetBase: string, network: string): string {
  return `${assetBase.replace(/\/+$/, '')}/email-assets/social/${network}.png`;
}
