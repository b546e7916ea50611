import type { Customer } from '@funnelwork/domain';
import {
  formatCustomerDate,
  hasPermission,
  isAdmin,
  regionLabel,
  statesOf,
  whatsappLink,
  whatsappNumber,
} from '@funnelwork/domain/rules';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBrandWhatsapp, IconDots, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ErrorBox } from '../../../shared/error-box.tsx';
import { ExpandableArea } from '../../../shared/expandable-area.tsx';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { notifyWarn } from '../../../shared/notices.ts';
import { AppDrawer } from '../../../shared/popups.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useMe } from '../../session/api.ts';
import { useCustomer, useSaveCustomer } from '../api.ts';
import {
  type CustomerFormValues,
  countryOptions,
  customerFormChanged,
  customerFormValues,
  customerName,
  customerPatch,
  regionOptions,
} from '../customer-form.ts';
import { CUSTOMER_LOAD_FAILURE, CUSTOMER_LOAD_WARNING, NO_METADATA } from '../messages.ts';
import { CustomerOrdersList } from './customer-orders-list.tsx';
import { DeleteCustomerPopup } from './delete-customer-popup.tsx';

type CustomerDetailsPanelProps = {
  /** The customer to show; null keeps the panel closed. */
  customerId: number | null;
  onClose: () => void;
  /** Opened from another side panel (an order's): it stacks one level above it. */
  nested?: boolean;
};

const PANEL_Z = 200;
const NESTED_Z = 400;

/**
 * The customer details side panel (spec §2): title, first-seen date, auto-optin tag, a menu with
 * 'Delete customer', the sections Basic details, Shipping address, Billing address, Orders and Meta,
 * and 'Save changes' / 'Cancel'. It can open above an order's panel (`nested`).
 */
export function CustomerDetailsPanel({ customerId, onClose, nested = false }: CustomerDetailsPanelProps) {
  const zIndex = nested ? NESTED_Z : PANEL_Z;
  return (
    <AppDrawer.Root
      opened={customerId !== null}
      onClose={onClose}
      position="right"
      size={nested ? 560 : 620}
      zIndex={zIndex}
    >
      <AppDrawer.Overlay backgroundOpacity={nested ? 0.15 : 0.35} />
      <AppDrawer.Content aria-label="Customer details">
        <AppDrawer.Body p={0} h="100%">
          {customerId !== null && (
            <CustomerDetails
              key={customerId}
              customerId={customerId}
              onClose={onClose}
              zIndex={zIndex}
              nested={nested}
            />
          )}
        </AppDrawer.Body>
      </AppDrawer.Content>
    </AppDrawer.Root>
  );
}

function CustomerDetails({
  customerId,
  onClose,
  zIndex,
  nested,
}: {
  customerId: number;
  onClose: () => void;
  zIndex: number;
  nested: boolean;
}) {
  const customer = useCustomer(customerId);
  // Opened from an order, a customer that fails to load is a warning and the order stays in view; on
  // its own the panel says so in place (docs/decisions/orders-and-customers.md).
  const warnAndClose = nested && customer.isError;
  useEffect(() => {
    if (!warnAndClose) return;
    notifyWarn(CUSTOMER_LOAD_WARNING, undefined, 'customer-load-warning');
    onClose();
  }, [warnAndClose, onClose]);
  if (warnAndClose) return null;
  if (customer.isPending) {
    return (
      <Stack p="lg">
        <Skeleton h={28} w="60%" />
        <Skeleton h={16} w="40%" />
        <Skeleton h={220} radius="md" />
        <Skeleton h={120} radius="md" />
      </Stack>
    );
  }
  if (customer.isError) {
    return (
      <Stack p="lg">
        <ErrorBox title="Customer details" message={CUSTOMER_LOAD_FAILURE} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <CustomerForm
      customer={customer.data}
      onClose={onClose}
      zIndex={zIndex}
      // Over an order, opening another of the customer's orders shows it in the order's panel.
      onOpenOrder={nested ? onClose : undefined}
    />
  );
}

function CustomerForm({
  customer,
  onClose,
  zIndex,
  onOpenOrder,
}: {
  customer: Customer;
  onClose: () => void;
  zIndex: number;
  onOpenOrder?: () => void;
}) {
  const me = useMe();
  const canEdit = isAdmin(me.member_account) || hasPermission(me.member_account, 'orders');
  const [values, setValues] = useState<CustomerFormValues>(() => customerFormValues(customer));
  const [deleting, setDeleting] = useState(false);
  const save = useSaveCustomer(customer.id);
  const errorOf = (key: keyof CustomerFormValues) => fieldError(save.error, `data.${key}`);
  const name = customerName(customer);
  const changed = customerFormChanged(customer, values);

  const set = (key: keyof CustomerFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errorOf(key)) save.reset();
  };
  const input = (key: keyof CustomerFormValues, label: string, extra: { type?: string } = {}) => (
    <TextInput
      label={label}
      value={values[key]}
      onChange={(event) => set(key)(event.currentTarget.value)}
      error={errorOf(key)}
      readOnly={!canEdit}
      {...extra}
    />
  );
  const country = (key: 'shipping_country' | 'country') => (
    <Select
      label="Country"
      data={countryOptions(values[key])}
      value={values[key] || null}
      onChange={(value) => {
        const region = key === 'country' ? 'state' : 'shipping_state';
        // A region listed for the country left behind is no region of the new one.
        const listed = statesOf(values[key]).some((state) => state.code === values[region]);
        set(key)(value ?? '');
        if (listed) set(region)('');
      }}
      searchable
      clearable
      readOnly={!canEdit}
      comboboxProps={{ zIndex: zIndex + 10 }}
      nothingFoundMessage="No country found"
    />
  );
  // "A region field follows the chosen country": its list where we have one, free text otherwise.
  const region = (key: 'shipping_state' | 'state', countryKey: 'shipping_country' | 'country') => {
    const label = regionLabel(values[countryKey]);
    const options = regionOptions(values[countryKey], values[key]);
    if (options.length === 0) return input(key, label);
    return (
      <Select
        label={label}
        data={options}
        value={values[key] || null}
        onChange={(value) => set(key)(value ?? '')}
        error={errorOf(key)}
        searchable
        clearable
        readOnly={!canEdit}
        comboboxProps={{ zIndex: zIndex + 10 }}
        nothingFoundMessage={`No ${label.toLowerCase()} found`}
      />
    );
  };

  const cancel = () => {
    setValues(customerFormValues(customer));
    save.reset();
    onClose();
  };

  const whatsapp = whatsappNumber(values.phone, values.shipping_country, values.country);

  return (
    <Stack gap={0} h="100%">
      <Box px="lg" pt="lg" pb="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} fz={22} lineClamp={1}>
                {name}
              </Title>
              {customer.is_auto_optin && (
                <Badge variant="light" color="grape" radius="sm">
                  Auto-optin
                </Badge>
              )}
              {customer.marketing_unsubscribed_at && (
                <Badge
                  variant="light"
                  color="gray"
                  radius="sm"
                  title={`Unsubscribed from marketing e-mails on ${formatCustomerDate(customer.marketing_unsubscribed_at)}; order receipts still go`}
                >
                  Unsubscribed
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {`First seen ${formatCustomerDate(customer.created_time)}`}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap">
            <Menu position="bottom-end" shadow="md" width={200} zIndex={zIndex + 10}>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label="Customer actions">
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Tooltip label="Access denied" disabled={canEdit}>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    disabled={!canEdit}
                    onClick={() => setDeleting(true)}
                  >
                    Delete customer
                  </Menu.Item>
                </Tooltip>
              </Menu.Dropdown>
            </Menu>
            <AppDrawer.CloseButton aria-label="Close customer details" />
          </Group>
        </Group>
      </Box>

      <Stack gap="sm" p="lg" style={{ flex: 1, overflowY: 'auto' }}>
        <ExpandableArea name="customer.basic" title="Basic details">
          <Stack gap="sm">
            <SimpleGrid cols={2}>
              {input('first_name', 'First name')}
              {input('last_name', 'Last name')}
            </SimpleGrid>
            {input('email', 'E-mail', { type: 'email' })}
            <TextInput
              label="Opt-in e-mail"
              value={customer.optin_email}
              readOnly
              variant="filled"
              description="The address the customer opted in with; it can't be changed."
            />
            {input('payer_email', 'Payer e-mail', { type: 'email' })}
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Box style={{ flex: 1 }}>{input('phone', 'Phone')}</Box>
              {whatsapp && (
                <Tooltip label="Chat on WhatsApp" withArrow zIndex={zIndex + 10}>
                  <ActionIcon
                    component="a"
                    href={whatsappLink(values.phone, values.shipping_country, values.country)}
                    target="_blank"
                    rel="noreferrer"
                    size={36}
                    variant="light"
                    color="green"
                    aria-label="Open WhatsApp chat"
                  >
                    <IconBrandWhatsapp size={20} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Stack>
        </ExpandableArea>
        <ExpandableArea name="customer.shipping" title="Shipping address">
          <Stack gap="sm">
            {input('shipping_address', 'Address')}
            <SimpleGrid cols={2}>
              {input('shipping_city', 'City')}
              {region('shipping_state', 'shipping_country')}
              {input('shipping_zip', 'ZIP code')}
              {country('shipping_country')}
            </SimpleGrid>
          </Stack>
        </ExpandableArea>
        <ExpandableArea name="customer.billing" title="Billing address">
          <Stack gap="sm">
            {input('address', 'Address')}
            <SimpleGrid cols={2}>
              {input('city', 'City')}
              {region('state', 'country')}
              {input('zip', 'ZIP code')}
              {country('country')}
            </SimpleGrid>
          </Stack>
        </ExpandableArea>
        <ExpandableArea
          name="customer.orders"
          title={
            <Group gap={8}>
              Orders
              <Badge variant="light" color="gray" radius="sm">
                {customer.orders_count}
              </Badge>
            </Group>
          }
        >
          <CustomerOrdersList customerId={customer.id} onOpenOrder={onOpenOrder} />
        </ExpandableArea>
        <ExpandableArea name="customer.meta" title="Meta" defaultOpen={false}>
          {customer.metadata.length === 0 ? (
            <Text size="sm" c="dimmed">
              {NO_METADATA}
            </Text>
          ) : (
            <Table withRowBorders={false} verticalSpacing={4} aria-label="Customer metadata">
              <Table.Tbody>
                {customer.metadata.map((entry, i) => (
                  // Keys may repeat in stored metadata; the list never reorders.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Table.Tr key={i}>
                    <Table.Td w="40%">
                      <Text size="sm" c="dimmed" ff="monospace">
                        {entry.key}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-word' }}>
                        {entry.value}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </ExpandableArea>
      </Stack>

      <Group
        justify="flex-end"
        px="lg"
        py="md"
        style={{
          borderTop: '1px solid var(--mantine-color-gray-2)',
          background: 'var(--mantine-color-body)',
        }}
      >
        <Button variant="default" onClick={cancel}>
          Cancel
        </Button>
        <LockedButton
          locked={!canEdit}
          loading={save.isPending}
          disabled={!changed}
          onClick={() =>
            save.mutate(customerPatch(values), { onSuccess: (saved) => setValues(customerFormValues(saved)) })
          }
        >
          Save changes
        </LockedButton>
      </Group>

      <DeleteCustomerPopup
        customer={deleting ? { id: customer.id, name } : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          setDeleting(false);
          onClose();
        }}
        zIndex={zIndex + 20}
      />
    </Stack>
  );
}
