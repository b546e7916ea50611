/**
 * Help, community and affiliate destinations. The product's real addresses are not decided yet:
 * these use the reserved `.example` domain until they are.
 */
export const EXTERNAL_LINKS = {
  docs: 'https://docs.funnelwork.example',
  forum: 'https://community.funnelwork.example',
  socialGroup: 'https://facebook.com/groups/funnelwork.example',
  chatSupport: 'mailto:support@funnelwork.example',
  affiliate: 'https://funnelwork.example/affiliates',
} as const;
