import type { SmsNumber } from '@funnelwork/domain';
import { formatPrice, hasPermission, isAdmin, SMS_NOT_CONFIGURED_MESSAGE } from '@funnelwork/domain/rules';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconMessage, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeletePopup } from '../../../../shared/confirm-delete-popup.tsx';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useMe } from '../../../session/api.ts';
import {
  useCountryTariffs,
  useDeleteSmsNumber,
  useSetDefaultSmsNumber,
  useSmsAccount,
  useSmsNumbers,
} from '../../api.ts';
import { BuyNumberPopup } from '../../components/buy-number-popup.tsx';
import { NumberFunnelSelect } from '../../components/number-funnel-select.tsx';
import { TopUpPopup } from '../../components/top-up-popup.tsx';

/** Settings → SMS: the prepaid balance and its top-up, the account's numbers, buying and releasing them. */
export function SmsSettingsScreen() {
  const me = useMe();
  const admin = isAdmin(me.member_account);
  const funnelsWriter = hasPermission(me.member_account, 'funnels') || admin;
  const account = useSmsAccount();
  const numbers = useSmsNumbers();
  const tariffs = useCountryTariffs();
  const remove = useDeleteSmsNumber();
  const setDefault = useSetDefaultSmsNumber();
  const [toppingUp, setToppingUp] = useState(false);
  const [buying, setBuying] = useState(false);
  const [releasing, setReleasing] = useState<SmsNumber | null>(null);
  const configured = account.data?.configured ?? false;
  const currency = account.data?.currency ?? 'USD';

  return (
    <Stack maw={860} mx="auto">
      <PageHeader
        title="SMS"
        description="Numbers your automations send text messages from, and the prepaid balance each message is paid from."
      />
      {account.isPending && <Skeleton h={120} radius="lg" />}
      {account.isError && <ErrorBox message={account.error.message} />}
      {account.data && !configured && (
        <Alert color="yellow" title="SMS is not available here">
          {SMS_NOT_CONFIGURED_MESSAGE}
        </Alert>
      )}
      {account.data && (
        <Card withBorder p="lg" component="section" aria-label="SMS balance">
          <Group justify="space-between">
            <div>
              <Text size="sm" c="dimmed">
                Balance
              </Text>
              <Text fz={28} fw={700} data-testid="sms-balance">
                {formatPrice(account.data.balance_minor / 100, currency)}
              </Text>
            </div>
            <Button onClick={() => setToppingUp(true)} disabled={!admin}>
              Top up
            </Button>
          </Group>
        </Card>
      )}
      <Card withBorder p="lg" component="section" aria-label="SMS numbers">
        <Stack>
          <Group justify="space-between">
            <Group gap="xs">
              <IconMessage size={18} />
              <Text fw={600}>Numbers</Text>
            </Group>
            <Button
              variant="light"
              onClick={() => setBuying(true)}
              disabled={!admin || !configured || !tariffs.data}
            >
              Buy number
            </Button>
          </Group>
          {numbers.isError && <ErrorBox message={numbers.error.message} />}
          {numbers.data && numbers.data.length === 0 && (
            <Text size="sm" c="dimmed">
              No numbers yet. Buy one to send SMS from your automations.
            </Text>
          )}
          {numbers.data && numbers.data.length > 0 && (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Country</Table.Th>
                  <Table.Th>Used by</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {numbers.data.map((number) => (
                  <Table.Tr key={number.id} data-testid="sms-number">
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm">{number.phone_number}</Text>
                        {account.data?.default_number_id === number.id && <Badge size="xs">Default</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td>{number.country}</Table.Td>
                    <Table.Td>
                      <NumberFunnelSelect number={number} numbers={numbers.data} disabled={!funnelsWriter} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        {account.data?.default_number_id !== number.id && (
                          <Button
                            size="xs"
                            variant="subtle"
                            disabled={!admin}
                            onClick={() => setDefault.mutate(number.id)}
                          >
                            Make default
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          disabled={!admin}
                          onClick={() => setReleasing(number)}
                        >
                          Release
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
      {tariffs.data && (
        <Card withBorder p="lg" component="section" aria-label="SMS prices">
          <Text fw={600} mb="sm">
            Prices
          </Text>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Country</Table.Th>
                <Table.Th>Per message</Table.Th>
                <Table.Th>Number</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tariffs.data.map((tariff) => (
                <Table.Tr key={tariff.country}>
                  <Table.Td>{tariff.name}</Table.Td>
                  <Table.Td>{formatPrice(tariff.message_minor / 100, tariff.currency)}</Table.Td>
                  <Table.Td>{formatPrice(tariff.number_minor / 100, tariff.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed" mt="xs">
            A message longer than 160 characters (70 with accents or emoji) is sent and paid as several parts.
          </Text>
        </Card>
      )}
      {toppingUp && <TopUpPopup currency={currency} onClose={() => setToppingUp(false)} />}
      {buying && tariffs.data && <BuyNumberPopup tariffs={tariffs.data} onClose={() => setBuying(false)} />}
      <ConfirmDeletePopup
        item={releasing}
        title="Release number"
        remove={remove}
        onClose={() => setReleasing(null)}
        confirmLabel="Release"
      >
        <Text size="sm">
          {releasing?.phone_number} goes back to the provider and cannot be recovered. Nothing is refunded.
        </Text>
      </ConfirmDeletePopup>
    </Stack>
  );
}
