import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useMe } from '../../session/api.ts';
import { useSaveProfile } from '../api.ts';

export function ProfileForm() {
  const me = useMe();
  const [firstName, setFirstName] = useState(me.member.first_name);
  const [lastName, setLastName] = useState(me.member.last_name);
  const saveProfile = useSaveProfile(me.id);
  const changed = firstName.trim() !== me.member.first_name || lastName.trim() !== me.member.last_name;

  const save = (event: FormEvent) => {
    event.preventDefault();
    saveProfile.mutate({ first_name: firstName.trim(), last_name: lastName.trim() });
  };

  return (
    <Card component="form" onSubmit={save}>
      <Stack>
        <Title order={2} fz="lg">
          Personal details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            required
            value={firstName}
            error={firstName.trim() ? undefined : 'First name is required'}
            onChange={(event) => setFirstName(event.currentTarget.value)}
          />
          <TextInput
            label="Last name"
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput label="E-mail" value={me.member.email} readOnly disabled />
        <Group justify="flex-end">
          <Button type="submit" loading={saveProfile.isPending} disabled={!changed || !firstName.trim()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
