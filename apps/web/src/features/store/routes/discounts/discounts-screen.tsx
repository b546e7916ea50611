import type { Discount } from '@funnelwork/domain';
import { discountIsLive, formatPrice, hasPermission, isAdmin } from '@funnelwork/domain/rules';
import { ActionIcon, Badge, Center, Group, Pagination, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format.ts';
import { ListCard } from '../../../../shared/list-card.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { SearchInput } from '../../../../shared/search-input.tsx';
import { useMe } from '../../../session/api.ts';
import { useDiscounts } from '../../api.ts';
import { DeleteDiscountPopup } from '../../components/delete-discount-popup.tsx';
import { DiscountFormPopup } from '../../components/discount-form-popup.tsx';

const valueText = (d: Discount) =>
  d.kind === 'percent' ? `${d.value}% off` : `${formatPrice(d.value, d.currency)} off`;

/** /store/discounts: the account's discount codes. */
export function DiscountsScreen() {
  const me = useMe();
  const canEdit = isAdmin(me.member_account) || hasPermission(me.member_account, 'funnels');
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 300);
  const discounts = useDiscounts(page, debounced);
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);
  const items = discounts.data?.data ?? [];

  return (
    <Stack>
      <PageHeader
        title="Discounts"
        description="Codes your customers enter at checkout."
        actions={
          <LockedButton
            locked={!canEdit}
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing('new')}
          >
            New discount
          </LockedButton>
        }
      />
      <SearchInput
        aria-label="Search discounts"
        placeholder="Search codes"
        maw={280}
        value={query}
        onSearch={(text) => {
          setQuery(text);
          setPage(1);
        }}
      />
      <ListCard
        list={discounts}
        empty={items.length === 0}
        emptyText={debounced ? 'No discount codes match.' : 'No discount codes yet.'}
        skeletonHeight={200}
      >
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Discounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Discount</Table.Th>
              <Table.Th>Used</Table.Th>
              <Table.Th>Valid</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Text ff="monospace" fw={600}>
                    {d.code}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {valueText(d)}
                  {d.min_order !== null && (
                    <Text size="xs" c="dimmed">
                      on orders from {formatPrice(d.min_order, d.currency)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {d.used_count}
                  {d.usage_limit !== null ? ` / ${d.usage_limit}` : ''}
                </Table.Td>
                <Table.Td>
                  {d.starts_at || d.ends_at
                    ? `${d.starts_at ? formatDate(d.starts_at) : 'Now'} – ${d.ends_at ? formatDate(d.ends_at) : 'no end'}`
                    : 'Always'}
                </Table.Td>
                <Table.Td>
                  {discountIsLive(d, new Date()) ? (
                    <Badge color="teal" variant="light">
                      Active
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      Inactive
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label={canEdit ? 'Edit' : 'Access denied'}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Edit ${d.code}`}
                        data-disabled={!canEdit || undefined}
                        onClick={() => canEdit && setEditing(d)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={canEdit ? 'Delete' : 'Access denied'}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${d.code}`}
                        data-disabled={!canEdit || undefined}
                        onClick={() => canEdit && setDeleting(d)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListCard>
      {(discounts.data?.meta.total_pages ?? 1) > 1 && (
        <Center>
          <Pagination
            total={discounts.data?.meta.total_pages ?? 1}
            value={page}
            onChange={setPage}
            siblings={3}
          />
        </Center>
      )}
      <DiscountFormPopup
        discount={editing}
        defaultCurrency={me.default_currency_code}
        onClose={() => setEditing(null)}
      />
      <DeleteDiscountPopup discount={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
