import type { Order } from '@funnelwork/domain';
import { formatPrice } from '@funnelwork/domain/rules';
import { CloseButton, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useOrderChoices } from '../api.ts';

const SEARCH_DELAY_MS = 300;

/** An order as the picker lists it: its number, who bought and the total. */
export function orderChoiceLabel(order: Order): string {
  const name = `${order.first_name} ${order.last_name}`.trim();
  const email = order.customer?.email || order.optin_email;
  const who = [name, email].filter((part) => part !== '').join(' · ');
  return [`#${order.order_number}`, who, formatPrice(order.amount, order.currency_code)]
    .filter((part) => part !== '')
    .join(' · ');
}

/**
 * "Fill from an order": the account's latest orders, searched on the server by number, name or e-mail;
 * choosing one fills the preview's merge tags with its values, clearing it shows the fallbacks again.
 */
export function OrderPreviewPicker({
  value,
  onChange,
}: {
  value: Order | null;
  onChange: (order: Order | null) => void;
}) {
  // What the field shows: the chosen order's label, or what is being typed (the server's search).
  const [search, setSearch] = useState('');
  const typed = value && search === orderChoiceLabel(value) ? '' : search.trim();
  const [query] = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const choices = useOrderChoices(query);
  const orders = choices.data ?? [];
  // The chosen order stays an option while another search lists other orders.
  const listed = value && !orders.some((order) => order.id === value.id) ? [value, ...orders] : orders;
  const choose = (order: Order | null) => {
    onChange(order);
    setSearch(order ? orderChoiceLabel(order) : '');
  };
  const options = listed.map((order) => ({ value: String(order.id), label: orderChoiceLabel(order) }));
  return (
    <Select
      aria-label="Fill from an order"
      placeholder="Fill from an order"
      size="xs"
      w={340}
      leftSection={<IconReceipt size={14} />}
      data={options}
      value={value ? String(value.id) : null}
      searchable
      // Mantine's own clear button is hidden from assistive technology: this one is named.
      rightSection={
        value ? (
          <CloseButton size="sm" aria-label="Show the fallbacks" onClick={() => choose(null)} />
        ) : undefined
      }
      rightSectionPointerEvents={value ? 'all' : 'none'}
      // The server searched already: every option it answered is shown.
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={choices.isFetching ? 'Loading orders…' : 'No order found'}
      onChange={(id) => choose(listed.find((order) => String(order.id) === id) ?? null)}
    />
  );
}
