import type { Staff } from '@funnelwork/domain';

export const staffName = (staff: Pick<Staff, 'first_name' | 'last_name' | 'email'>) =>
  `${staff.first_name} ${staff.last_name}`.trim() || staff.email;
