import type { TrackingCode } from '@funnelwork/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, apiOrThrow } from '../../../shared/api-client.ts';
import { notifyError } from '../../../shared/notices.ts';

const trackingKey = (funnelId: number) => ['tracking-codes', funnelId] as const;

/** A funnel's tracking codes (head or body scripts), in their order. */
export function TrackingCodesCard({ funnelId, canEdit }: { funnelId: number; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const codes = useQuery({
    queryKey: trackingKey(funnelId),
    queryFn: async () =>
      (await apiOrThrow<TrackingCode[]>('GET', 'tracking-codes', { query: { funnel_id: funnelId } })).sort(
        (a, b) => a.order_index - b.order_index,
      ),
  });
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [position, setPosition] = useState<'head' | 'body'>('head');
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trackingKey(funnelId) });

  const add = async () => {
    setBusy(true);
    const result = await api<TrackingCode>('POST', 'tracking-codes', {
      body: { data: { name: name.trim(), code, position, funnel_id: funnelId } },
    });
    setBusy(false);
    if (result.error !== undefined) return notifyError(result.error);
    setName('');
    setCode('');
    setAdding(false);
    await refresh();
  };

  const remove = async (id: number) => {
    const result = await api<unknown>('DELETE', `tracking-codes/${id}`);
    if (result.error !== undefined) return notifyError(result.error);
    await refresh();
  };

  const move = async (index: number, by: -1 | 1) => {
    const list = [...(codes.data ?? [])];
    const [item] = list.splice(index, 1);
    if (!item) return;
    list.splice(index + by, 0, item);
    const result = await api<TrackingCode[]>('PUT', 'tracking-codes/update-index', {
      body: { data: list.map((c, i) => ({ id: c.id, order_index: i + 1 })) },
    });
    if (result.error !== undefined) notifyError(result.error);
    await refresh();
  };

  const list = codes.data ?? [];
  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <div>
          <Text fw={650}>Tracking codes</Text>
          <Text size="sm" c="dimmed">
            Scripts such as analytics or pixels, added to every page of this funnel.
          </Text>
        </div>
        {!adding && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={!canEdit}
            onClick={() => setAdding(true)}
          >
            Add code
          </Button>
        )}
      </Group>
      <Stack gap="xs">
        {list.length === 0 && !adding && (
          <Text size="sm" c="dimmed">
            No tracking codes yet.
          </Text>
        )}
        {list.map((c, index) => (
          <Group
            key={c.id}
            justify="space-between"
            p="xs"
            bg="gray.0"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {c.name}
              </Text>
              <Badge size="xs" variant="light" color="gray">
                {c.position === 'head' ? 'In <head>' : 'End of <body>'}
              </Badge>
            </Group>
            <Group gap={2}>
              <Tooltip label="Move up">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${c.name} up`}
                  disabled={!canEdit || index === 0}
                  onClick={() => void move(index, -1)}
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Move down">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${c.name} down`}
                  disabled={!canEdit || index === list.length - 1}
                  onClick={() => void move(index, 1)}
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${c.name}`}
                  disabled={!canEdit}
                  onClick={() => void remove(c.id)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        ))}
        {adding && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
          >
            <Stack gap="xs">
              <TextInput
                label="Code name"
                placeholder="Analytics"
                maxLength={200}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <Textarea
                label="Code"
                placeholder="<script>…</script>"
                autosize
                minRows={3}
                maxRows={10}
                ff="monospace"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
              <SegmentedControl
                aria-label="Where the code goes"
                value={position}
                onChange={(v) => setPosition(v as 'head' | 'body')}
                data={[
                  { value: 'head', label: 'In <head>' },
                  { value: 'body', label: 'End of <body>' },
                ]}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setAdding(false)}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy} disabled={!name.trim() || !code.trim()}>
                  Save code
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
