import { Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { type AccountSettings, useSaveAccount } from '../api.ts';

function currencyOptions(current: string) {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  const codes = new Set(Intl.supportedValuesOf('currency'));
  codes.add(current);
  return [...codes].sort().map((code) => ({ value: code, label: `${code} — ${names.of(code) ?? code}` }));
}

type AccountDetailsFormProps = { account: AccountSettings; canEdit: boolean };

export function AccountDetailsForm({ account, canEdit }: AccountDetailsFormProps) {
  const [name, setName] = useState(account.name);
  const [currency, setCurrency] = useState<string | null>(account.default_currency_code);
  const saveAccount = useSaveAccount();
  const currencies = useMemo(
    () => currencyOptions(account.default_currency_code),
    [account.default_currency_code],
  );
  const changed = name.trim() !== account.name || currency !== account.default_currency_code;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (canEdit) saveAccount.mutate({ name: name.trim(), default_currency_code: currency ?? undefined });
  };

  return (
    <Card component="form" onSubmit={save}>
      <Stack>
        <div>
          <Title order={2} fz="lg">
            Business details
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            The name your team sees, and the currency new funnels and products start with.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Business name"
            required
            disabled={!canEdit}
            value={name}
            error={name.trim() ? undefined : 'Account name is required'}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Select
            label="Default currency"
            data={currencies}
            value={currency}
            onChange={setCurrency}
            searchable
            allowDeselect={false}
            disabled={!canEdit}
            nothingFoundMessage="No currency matches"
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <LockedButton
            locked={!canEdit}
            type="submit"
            loading={saveAccount.isPending}
            disabled={canEdit && (!changed || !name.trim())}
          >
            Save
          </LockedButton>
        </Group>
      </Stack>
    </Card>
  );
}
