import { Anchor, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notifyError } from '../../../shared/notices.ts';
import { useFinishOnboarding } from '../../onboarding/api.ts';
import { useMe } from '../../session/api.ts';
import { createFunnel, funnelKeys, kindOf } from '../api.ts';
import { FUNNEL_KIND_OPTIONS } from '../funnel-kinds.ts';

type AddFunnelPopupProps = { opened: boolean; onClose: () => void; folderId?: number | null };

/** "Add funnel" popup: a name and one of the two kinds; it opens the new funnel. */
export function AddFunnelPopup({ opened, onClose, folderId }: AddFunnelPopupProps) {
  const me = useMe();
  const finishOnboarding = useFinishOnboarding();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'1' | '0'>('1');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const close = () => {
    setName('');
    setError(undefined);
    onClose();
  };

  const create = async () => {
    if (!name.trim()) return;
    setBusy(true);
    const result = await createFunnel({
      name: name.trim(),
      funnel_type: kind === '1' ? 1 : 0,
      folder_id: folderId ?? null,
    });
    setBusy(false);
    if (result.error !== undefined) {
      setError(result.info.data);
      notifyError(result.error);
      return;
    }
    // "creating a funnel sets onboarding_finished true by a user update".
    if (!me.onboarding_finished) void finishOnboarding(me);
    await queryClient.invalidateQueries({ queryKey: funnelKeys.all });
    close();
    navigate(`/${kindOf(result.data)}/${result.data.id}/steps`);
  };

  return (
    <Modal opened={opened} onClose={close} title="Add funnel" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void create();
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
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(undefined);
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
            <Button type="submit" loading={busy} disabled={!name.trim()}>
              Create funnel
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
