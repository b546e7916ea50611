import type { EmailTemplate } from '@funnelwork/domain';
import { Box, Button, Center, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

/** The preview's widths: the e-mail's own (650) and a phone's, below the 480 px breakpoint. */
const WIDTHS = [
  { value: '650', label: 'Desktop 650' },
  { value: '420', label: 'Mobile 420' },
] as const;

/**
 * The editor's Preview: the server's rendering of the saved version (the template's preview link), in an
 * iframe without any sandbox allowances — the server's CSP sandboxes it too, so the merchant's HTML never
 * runs on the dashboard's origin.
 */
export function EmailPreview({ template, base }: { template: EmailTemplate | null; base: string }) {
  const [width, setWidth] = useState<string>('650');
  return (
    <Box bg="gray.1" mih="100vh">
      <Group
        justify="space-between"
        px="md"
        h={52}
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="xs">
          <Button
            component={Link}
            to={base}
            variant="subtle"
            size="xs"
            leftSection={<IconChevronLeft size={14} />}
          >
            Back to the editor
          </Button>
          <Text fw={650} size="sm">
            Preview · {template?.name ?? 'New e-mail'}
          </Text>
        </Group>
        <SegmentedControl
          size="xs"
          aria-label="Preview width"
          value={width}
          onChange={setWidth}
          data={WIDTHS.map((item) => ({ value: item.value, label: item.label }))}
        />
        <Text size="xs" c="dimmed">
          The saved version, as it is sent
        </Text>
      </Group>
      {template ? (
        <Box p="md" style={{ display: 'flex', justifyContent: 'center' }}>
          <iframe
            title="E-mail preview"
            data-testid="email-preview"
            sandbox=""
            src={template.preview_url}
            style={{
              width: Number(width),
              maxWidth: '100%',
              height: 'calc(100vh - 84px)',
              border: 0,
              background: '#fff',
              borderRadius: 8,
              boxShadow: '0 12px 40px rgba(31,35,48,.12)',
            }}
          />
        </Box>
      ) : (
        <Center h={320}>
          <Stack align="center" gap={4}>
            <Text fw={600}>Nothing to preview yet</Text>
            <Text size="sm" c="dimmed">
              Save the e-mail first: the preview shows the saved version.
            </Text>
          </Stack>
        </Center>
      )}
    </Box>
  );
}
