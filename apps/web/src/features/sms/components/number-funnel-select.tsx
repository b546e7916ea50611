import type { SmsNumber } from '@funnelwork/domain';
import { Select } from '@mantine/core';
import { useState } from 'react';
import { useFunnelPage } from '../../funnels/api.ts';
import { useSetNumberFunnel } from '../api.ts';

const ANY = 'any';

/** "Used by": the funnel whose messages this number sends (PUT funnels/{id}/sms-numbers), or any funnel. */
export function NumberFunnelSelect({
  number,
  numbers,
  disabled,
}: {
  number: SmsNumber;
  numbers: SmsNumber[];
  disabled: boolean;
}) {
  const [search, setSearch] = useState('');
  const funnels = useFunnelPage(false, { page: 1, folderId: null, query: search });
  const save = useSetNumberFunnel();
  const options = [
    { value: ANY, label: 'Any funnel' },
    ...(funnels.data?.data ?? []).map((funnel) => ({ value: String(funnel.id), label: funnel.name })),
  ];
  const current = number.funnel_id === null ? ANY : String(number.funnel_id);
  if (!options.some((option) => option.value === current))
    options.push({ value: current, label: `Funnel #${number.funnel_id}` });
  return (
    <Select
      aria-label={`Funnel of ${number.phone_number}`}
      size="xs"
      data={options}
      value={current}
      searchable
      searchValue={search === '' ? undefined : search}
      onSearchChange={(value) => setSearch(options.some((o) => o.label === value) ? '' : value)}
      allowDeselect={false}
      disabled={disabled || save.isPending}
      onChange={(value) => {
        if (!value || value === current) return;
        save.mutate({ number, numbers, funnelId: value === ANY ? null : Number(value) });
      }}
    />
  );
}
