import { Anchor, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppModal } from '../../../shared/popups.tsx';
import { isPlanRefusal } from '../../../shared/use-api-mutation.ts';
import { kindOf, useCreateFunnel } from '../api.ts';
import { FUNNEL_KIND_OPTIONS } from '../funnel-kinds.ts';

type AddFunnelPopupProps = { opened: boolean; onClose: () => void; folderId?: number | null };

/** "Add funnel" popup: a name and one of the two kinds; it opens the new funnel. */
export function AddFunnelPopup({ opened, onClose, folderId }: AddFunnelPopupProps) {
  const navigate = useNavigate();
  const create = useCreateFunnel();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'1' | '0'>('1');

  const close = () => {
    setName('');
    create.reset();
    onClose();
  };

  const submit = () => {
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim(), funnel_type: kind === '1' ? 1 : 0, folder_id: folderId ?? null },
      {
        onSuccess: (funnel) => {
          close();
          navigate(`/${kindOf(funnel)}/${funnel.id}/steps`);
        },
      },
    );
  };

  return (
    <AppModal opened={opened} onClose={close} title="Add funnel" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Funnel name"
            placeholder="Summer sale"
            data-autofocus
            required
            maxLength={200}
            value={name}
            // A plan limit is the session's notice (with the upgrade link), not this field's error.
            error={isPlanRefusal(create.error) ? undefined : create.error?.message}
            onChange={(event) => {
              setName(event.currentTarget.value);
              create.reset();
            }}
          />
          <Radio.Group label="Kind of funnel" value={kind} onChange={(value) => setKind(value as '0' | '1')}>
            <Stack gap="xs" mt={6}>
              {FUNNEL_KIND_OPTIONS.map((option) => (
                <Radio.Card key={option.value} value={option.value} p="md" radius="md">
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600} size="sm">
                        {option.label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {option.description}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            Prefer a ready-made design?{' '}
            <Anchor component={Link} to="/get-started/templates" onClick={close}>
              Start from a template
            </Anchor>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create funnel
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
