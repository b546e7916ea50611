import type { Discount } from '@funnelwork/domain';
import { discountIsLive, formatPrice, hasPermission, isAdmin } from '@funnelwork/domain/rules';
import { Badge, Center, Pagination, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format.ts';
import { ListCard } from '../../../../shared/list-card.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { RowActions } from '../../../../shared/row-actions.tsx';
import { SearchInput } from '../../../../shared/search-input.tsx';
import { useMe } from '../../../session/api.ts';
import { useDiscounts } from '../../api.ts';
import { DeleteDiscountPopup } from '../../components/delete-discount-popup.tsx';
import { DiscountFormPopup } from '../../components/discount-form-popup.tsx';

const valueText = (d: Discount) =>
  d.kind === 'percent' ? `${d.value}% off` : `${formatPrice(d.value, d.currency)} off`;

const DISCOUNT_COLUMNS = ['Code', 'Discount', 'Used', 'Valid', 'Status', ''].map((title) => ({
  key: title || 'actions',
  children: title || undefined,
}));

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
        label="Discounts"
        columns={DISCOUNT_COLUMNS}
        skeletonHeight={200}
      >
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
              <RowActions
                name={d.code}
                locked={!canEdit}
                lockedLabel="Access denied"
                iconSize={16}
                onEdit={() => setEditing(d)}
                onDelete={() => setDeleting(d)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
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
