import type { FunnelKit } from '@funnelwork/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../shared/popups.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { kindOf } from '../../funnels/api.ts';
import { useCreateKitFunnel } from '../api.ts';

type CreateKitFunnelPopupProps = { kit: FunnelKit | null; onClose: () => void };

/** A new funnel with every step of a funnel kit; the merchant lands on its steps. */
export function CreateKitFunnelPopup({ kit, onClose }: CreateKitFunnelPopupProps) {
  const navigate = useNavigate();
  const create = useCreateKitFunnel();
  const [name, setName] = useState('');
  const { reset } = create;

  useEffect(() => {
    if (!kit) return;
    setName(`${kit.name} funnel`);
    reset();
  }, [kit, reset]);

  return (
    <AppModal opened={kit !== null} onClose={onClose} title="Create funnel from kit" size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!kit || !name.trim()) return;
          create.mutate(
            { kitId: kit.id, name },
            {
              onSuccess: (funnel) => {
                onClose();
                navigate(`/${kindOf(funnel)}/${funnel.id}/steps`);
              },
            },
          );
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {kit ? `Its steps: ${kit.steps.map((step) => step.name).join(', ')}.` : ''}
          </Text>
          <TextInput
            label="Funnel name"
            maxLength={200}
            value={name}
            error={fieldError(create.error, 'data.name')}
            onChange={(event) => {
              setName(event.currentTarget.value);
              create.reset();
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
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
