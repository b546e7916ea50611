import type { EmailTemplate, Order } from '@funnelwork/domain';
import { Box, Button, Center, Group, LoadingOverlay, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../../shared/error-box.tsx';
import { previewFrameStyle } from '../../editor/index.ts';
import { useOrderPreview } from '../api.ts';
import { OrderPreviewPicker } from './order-preview-picker.tsx';

/** The preview's widths: the e-mail's own (650) and a phone's, below the 480 px breakpoint. */
const WIDTHS = [
  { value: '650', label: 'Desktop 650' },
  { value: '420', label: 'Mobile 420' },
] as const;

/**
 * The editor's Preview: the server's rendering of the saved version (the template's preview link, merge
 * tags at their fallbacks), in an iframe without any sandbox allowances — the server's CSP sandboxes it
 * too, so the merchant's HTML never runs on the dashboard's origin. "Fill from an order" shows it with a
 * real order's values instead, as that order's e-mail would read (its HTML in the same sandboxed frame).
 */
export function EmailPreview({ template, base }: { template: EmailTemplate | null; base: string }) {
  const [width, setWidth] = useState<string>('650');
  const [order, setOrder] = useState<Order | null>(null);
  const filled = useOrderPreview(template, order?.id ?? null);
  const frameStyle = previewFrameStyle(Number(width));
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
        <Group gap="sm" wrap="nowrap">
          {template && <OrderPreviewPicker value={order} onChange={setOrder} />}
          <Text size="xs" c="dimmed" data-testid="email-preview-source">
            {order
              ? `Order #${order.order_number}'s e-mail, as it is sent`
              : 'The saved version, as it is sent'}
          </Text>
        </Group>
      </Group>
      {template ? (
        <Box p="md" pos="relative" style={{ display: 'flex', justifyContent: 'center' }}>
          {order && filled.isError ? (
            <ErrorBox message={filled.error.message} onClose={() => setOrder(null)} />
          ) : order ? (
            <>
              <LoadingOverlay visible={filled.isPending} />
              {/* A frame per answer, made with its document: a srcdoc changed on a frame still loading
                  its first one can leave it blank in Chromium. */}
              {filled.data ? (
                <iframe
                  key={filled.data.order_id}
                  title="E-mail preview"
                  data-testid="email-preview"
                  data-order-number={filled.data.order_number}
                  sandbox=""
                  srcDoc={filled.data.html}
                  style={frameStyle}
                />
              ) : (
                <Box style={frameStyle} />
              )}
            </>
          ) : (
            <iframe
              title="E-mail preview"
              data-testid="email-preview"
              sandbox=""
              src={template.preview_url}
              style={frameStyle}
            />
          )}
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
