import type { Charge } from '@funnelwork/domain';
import { formatPrice } from '@funnelwork/domain/rules';
import { Anchor, Badge, Card, Table, Text, Title } from '@mantine/core';
import { formatDate } from '../../../shared/format.ts';
import { notifyError } from '../../../shared/notices.ts';
import { downloadInvoice } from '../api.ts';

/** The account's charges, newest first, each paid one with its invoice PDF. */
export function ChargesTable({ charges }: { charges: Charge[] }) {
  const open = (charge: Charge) =>
    downloadInvoice(charge).catch((error: Error) => notifyError(error.message));
  return (
    <Card>
      <Title order={2} fz="lg" mb="md">
        Charges
      </Title>
      {charges.length === 0 ? (
        <Text c="dimmed" size="sm">
          No charges yet.
        </Text>
      ) : (
        <Table verticalSpacing="sm" data-testid="charges">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Invoice</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {charges.map((charge) => (
              <Table.Tr key={charge.id}>
                <Table.Td>{formatDate(charge.created_at)}</Table.Td>
                <Table.Td>
                  {charge.description}
                  {charge.failure_message && (
                    <Text size="xs" c="red">
                      {charge.failure_message}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatPrice(charge.amount, charge.currency)}</Table.Td>
                <Table.Td>
                  <Badge color={charge.status === 'paid' ? 'teal' : 'red'} variant="light">
                    {charge.status === 'paid' ? 'Paid' : 'Failed'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {charge.invoice_url && (
                    <Anchor component="button" type="button" size="sm" onClick={() => open(charge)}>
                      Invoice PDF
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
