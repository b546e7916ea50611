import type { Staff } from '@funnelwork/domain';
import { ACCESS_DENIED_TOOLTIP, roleLabel } from '@funnelwork/domain/rules';
import { Avatar, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../shared/format.ts';
import { RowActions } from '../../../shared/row-actions.tsx';
import { staffName } from '../staff-name.ts';

const ROLE_COLORS: Record<string, string> = {
  Administrator: 'indigo',
  'Funnels admin': 'cyan',
  Editor: 'teal',
  'Automations master': 'grape',
  'Orders master': 'orange',
};

type StaffTableProps = { staff: Staff[]; canManage: boolean; onDelete: (staff: Staff) => void };

export function StaffTable({ staff, canManage, onDelete }: StaffTableProps) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th w={110}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staff.map((member) => {
            const name = staffName(member);
            const role = roleLabel({ permissions: member.permissions });
            const locked = !canManage || member.owner;
            const lockedLabel = member.owner ? 'The account owner cannot be changed' : ACCESS_DENIED_TOOLTIP;
            return (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar radius="xl" color="indigo" size={36}>
                      {name.slice(0, 1).toUpperCase()}
                    </Avatar>
                    <div>
                      <Group gap={6}>
                        <Text fw={600} size="sm">
                          {name}
                        </Text>
                        {member.owner && (
                          <Badge size="xs" variant="outline" color="gray">
                            Owner
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {member.email}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={ROLE_COLORS[role] ?? 'gray'} tt="none">
                    {role}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {formatDate(member.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RowActions
                    name={name}
                    locked={locked}
                    lockedLabel={lockedLabel}
                    iconSize={17}
                    onEdit={() => navigate(`/settings/staff/edit/${member.id}`)}
                    onDelete={() => onDelete(member)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
