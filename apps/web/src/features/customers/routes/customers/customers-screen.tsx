import { CUSTOMERS_PAGE_SIZE, formatCount, formatCustomerDate } from '@funnelwork/domain/rules';
import {
  ActionIcon,
  Avatar,
  Badge,
  Card,
  Center,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailCheck, IconRefresh, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useDeferredQuery } from '../../../../shared/use-deferred-query.ts';
import { useCustomerBriefs, useCustomersStats } from '../../api.ts';
import { CustomerDetailsPanel } from '../../components/customer-details-panel.tsx';
import { customerName } from '../../customer-form.ts';
import classes from './customers-screen.module.css';

export const NO_CUSTOMERS = 'No customers have been found';

/** "Pagination range 7": the current page with three on each side. */
const PAGE_SIBLINGS = 3;

function StatCard({
  label,
  value,
  icon,
  color,
}: {
  label: string;
  value?: number;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={30} w={80} mt={6} />
          ) : (
            <Text fz={28} fw={700} lh={1.3}>
              {formatCount(value)}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** /customers: the stats header, search, the paged list; `?id=` opens a customer's details panel. */
export function CustomersScreen() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(0);
  const [query, setQuery] = useState(() => params.get('query') ?? '');
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const briefs = useCustomerBriefs(page, debounced);
  const list = useDeferredQuery(briefs);
  const stats = useCustomersStats();
  const openId = Number(params.get('id'));
  const customerId = Number.isInteger(openId) && openId > 0 ? openId : null;

  const open = (id: number) =>
    setParams((current) => {
      current.set('id', String(id));
      return current;
    });
  const close = () =>
    setParams((current) => {
      current.delete('id');
      return current;
    });

  const meta = list.data?.meta;
  const rows = list.data?.data ?? [];
  const first = page * CUSTOMERS_PAGE_SIZE + 1;
  const last = page * CUSTOMERS_PAGE_SIZE + rows.length;

  return (
    <Stack>
      <PageHeader
        title="Customers"
        description="Everyone who bought from or opted into your funnels."
        actions={
          <Tooltip label="Reload">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Reload customers"
              loading={briefs.isFetching && !list.isPending}
              onClick={() => {
                void briefs.refetch();
                void stats.refetch();
              }}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard label="Customers" value={stats.data?.count} icon={<IconUsers size={22} />} color="indigo" />
        <StatCard
          label="New in the last 30 days"
          value={stats.data?.new_last_30_days}
          icon={<IconUserPlus size={22} />}
          color="teal"
        />
        <StatCard
          label="Auto opt-ins"
          value={stats.data?.auto_optin_count}
          icon={<IconMailCheck size={22} />}
          color="grape"
        />
      </SimpleGrid>

      <Card p={0} radius="lg" withBorder>
        <Group
          justify="space-between"
          p="md"
          wrap="wrap"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <TextInput
            aria-label="Search customers"
            placeholder="Search by name or e-mail"
            leftSection={<IconSearch size={16} />}
            w={{ base: '100%', sm: 320 }}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setPage(0);
            }}
          />
          {meta && meta.count > 0 && (
            <Text size="sm" c="dimmed" data-testid="customers-range">
              {`${first} - ${last} from ${formatCount(meta.count)}`}
            </Text>
          )}
        </Group>
        {list.isPending && (
          <Stack p="md" gap="sm">
            {Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
              <Skeleton key={i} h={36} radius="sm" />
            ))}
          </Stack>
        )}
        {list.isError && list.error && (
          <Stack p="md">
            <ErrorBox message={list.error.message} />
          </Stack>
        )}
        {list.data &&
          (rows.length === 0 ? (
            <Text c="dimmed" ta="center" py={48}>
              {NO_CUSTOMERS}
            </Text>
          ) : (
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              highlightOnHover
              aria-label="Customers"
              className={classes.table}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Phone</Table.Th>
                  <Table.Th>Opt-in e-mail</Table.Th>
                  <Table.Th>First seen</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: briefs.isPlaceholderData ? 0.6 : 1 }}>
                {rows.map((customer) => {
                  const name = customerName(customer);
                  return (
                    <Table.Tr
                      key={customer.id}
                      onClick={() => open(customer.id)}
                      style={{ cursor: 'pointer' }}
                      aria-selected={customer.id === customerId}
                    >
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Avatar name={name} color="initials" radius="xl" size={34} />
                          <div style={{ minWidth: 0 }}>
                            {/* The keyboard's way into the row: Enter clicks it and the click opens the customer. */}
                            <UnstyledButton fz="sm" fw={600} display="block" className={classes.name}>
                              {name}
                            </UnstyledButton>
                            <Text size="xs" c="dimmed" truncate>
                              {customer.email || '—'}
                            </Text>
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{customer.phone || '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" truncate maw={220}>
                            {customer.optin_email || '—'}
                          </Text>
                          {customer.is_auto_optin && (
                            <Badge size="xs" variant="light" color="grape" radius="sm">
                              Auto
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {formatCustomerDate(customer.created_time)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          ))}
      </Card>
      {(meta?.total_pages ?? 1) > 1 && (
        <Center>
          <Pagination
            total={meta?.total_pages ?? 1}
            value={page + 1}
            onChange={(value) => setPage(value - 1)}
            siblings={PAGE_SIBLINGS}
          />
        </Center>
      )}
      <CustomerDetailsPanel customerId={customerId} onClose={close} />
    </Stack>
  );
}
