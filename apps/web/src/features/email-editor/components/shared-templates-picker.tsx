import type { SharedEmailTemplate } from '@funnelwork/domain';
import { Alert, Box, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AppModal } from '../../../shared/popups.tsx';
import { emailEditorKeys, fetchSharedTemplates } from '../api.ts';

/** The thumbnail's scale: the e-mail at its 650 px, a card's width. */
const THUMB_SCALE = 0.33;

/**
 * The design as it is sent, scaled down: an iframe sandboxed without any allowance (no script, an
 * opaque origin), not focusable and not clickable, clipped to the card.
 */
function Thumbnail({ html, name }: { html: string; name: string }) {
  return (
    <Box
      h={200}
      style={{ overflow: 'hidden', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="shared-template-thumbnail"
    >
      <iframe
        title={`${name} preview`}
        sandbox=""
        srcDoc={html}
        tabIndex={-1}
        style={{
          width: 650,
          height: 200 / THUMB_SCALE,
          border: 0,
          transform: `scale(${THUMB_SCALE})`,
          transformOrigin: '0 0',
          pointerEvents: 'none',
        }}
      />
    </Box>
  );
}

/**
 * "Start from a shared template": the shared designs as cards; picking one starts the e-mail from it,
 * "Start from scratch" keeps the empty e-mail.
 */
export function SharedTemplatesPicker({
  opened,
  busy,
  error,
  onPick,
  onClose,
}: {
  opened: boolean;
  busy: boolean;
  error: string | null;
  onPick: (template: SharedEmailTemplate) => void;
  onClose: () => void;
}) {
  const shared = useQuery({
    queryKey: emailEditorKeys.shared,
    queryFn: fetchSharedTemplates,
    enabled: opened,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <AppModal opened={opened} onClose={onClose} title="Start from a shared template" size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          Pick a design to start your e-mail from. You can change everything afterwards.
        </Text>
        {error && <Alert color="red">{error}</Alert>}
        {shared.isPending && <Loader size="sm" />}
        {shared.error && <Alert color="red">{shared.error.message}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {shared.data?.map((template) => (
            <Card key={template.id} withBorder padding="md" radius="md">
              <Stack gap={8} h="100%">
                <Thumbnail html={template.preview_html} name={template.name} />
                <Text fw={650}>{template.name}</Text>
                <Text size="xs" c="dimmed" style={{ flex: 1 }}>
                  {template.description}
                </Text>
                <Button
                  variant="light"
                  size="xs"
                  aria-label={`Use ${template.name}`}
                  loading={busy}
                  onClick={() => onPick(template)}
                >
                  Use this design
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconTemplate size={16} />} onClick={onClose}>
            Start from scratch
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
