/** The two kinds of funnel as the dashboard names them (spec §1: funnel_type 1 is the provider's own). */
export const FUNNEL_KIND_OPTIONS = [
  {
    value: '1',
    label: 'Funnelwork funnel',
    description: 'Our own funnels: geo-funnels, the plus page editor and extra analytics.',
  },
  {
    value: '0',
    label: 'Classic funnel',
    description: 'Steps and pages with the classic page editor.',
  },
] as const;

export const funnelKindLabel = (funnelType: number | null | undefined) =>
  funnelType === 1 ? 'Funnelwork' : 'Classic';
