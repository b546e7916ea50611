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
import { useState } from 'react';
import {
  useAddTrackingCode,
  useDeleteTrackingCode,
  useReorderTrackingCodes,
  useTrackingCodes,
} from '../api.ts';

/** A funnel's tracking codes (head or body scripts), in their order. */
export function TrackingCodesCard({ funnelId, canEdit }: { funnelId: number; canEdit: boolean }) {
  const codes = useTrackingCodes(funnelId);
  const addCode = useAddTrackingCode(funnelId);
  const deleteCode = useDeleteTrackingCode(funnelId);
  const reorder = useReorderTrackingCodes(funnelId);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [position, setPosition] = useState<'head' | 'body'>('head');

  const add = () =>
    addCode.mutate(
      { name: name.trim(), code, position },
      {
        onSuccess: () => {
          setName('');
          setCode('');
          setAdding(false);
        },
      },
    );

  const move = (index: number, by: -1 | 1) => {
    const list = [...(codes.data ?? [])];
    const [item] = list.splice(index, 1);
    if (!item) return;
    list.splice(index + by, 0, item);
    reorder.mutate(list);
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
                  onClick={() => move(index, -1)}
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
                  onClick={() => move(index, 1)}
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
                  onClick={() => deleteCode.mutate(c)}
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
              add();
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
                <Button type="submit" loading={addCode.isPending} disabled={!name.trim() || !code.trim()}>
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
