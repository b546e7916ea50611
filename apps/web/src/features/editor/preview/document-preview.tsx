import { type EditorDocument, VIEW_WIDTHS, type ViewMode } from '@funnelwork/blocks';
import { Box, Group, SegmentedControl, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { VIEWS } from '../settings/devices.ts';
import type { DocumentCode } from '../state/editor-state.ts';
import { PREVIEW_SANDBOX, previewHtml } from './preview-html.ts';

/**
 * The preview (spec §2.4, the editor route's `/preview`): the saved document, as the shell has it shown to a
 * visitor, rendered into a sandboxed iframe, so the merchant's custom HTML never runs on the dashboard's
 * origin.
 */
/** A preview frame at a device's width, as a sheet on the grey backdrop (pages and e-mails alike). */
export const previewFrameStyle = (width: number | string) => ({
  width,
  maxWidth: '100%',
  height: 'calc(100vh - 84px)',
  border: 0,
  background: '#fff',
  borderRadius: 8,
  boxShadow: '0 12px 40px rgba(31,35,48,.12)',
});

export function DocumentPreview({
  document,
  code,
  title,
}: {
  document: EditorDocument;
  code: DocumentCode;
  title: string;
}) {
  const [view, setView] = useState<ViewMode>('desktop');
  const html = useMemo(() => previewHtml(document, code, title), [document, code, title]);
  return (
    <Box bg="gray.1" mih="100vh">
      <Group
        justify="space-between"
        px="md"
        h={52}
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text fw={650} size="sm">
          Preview · {title}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Preview width"
          value={view}
          onChange={(value) => setView(value as ViewMode)}
          data={VIEWS.map((item) => ({ value: item.mode, label: `${item.label} ${item.width}` }))}
        />
        <Text size="xs" c="dimmed">
          Scripts run only on the published page
        </Text>
      </Group>
      <Box p="md" style={{ display: 'flex', justifyContent: 'center' }}>
        <iframe
          title="Page preview"
          data-testid="page-preview"
          sandbox={PREVIEW_SANDBOX}
          srcDoc={html}
          style={previewFrameStyle(VIEW_WIDTHS[view])}
        />
      </Box>
    </Box>
  );
}
