import type { ViewMode } from '@funnelwork/blocks';
import { ActionIcon, Box, Button, Group, Loader, SegmentedControl, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconChevronLeft,
  IconCircleCheck,
  IconCode,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTablet,
  IconExternalLink,
} from '@tabler/icons-react';
import { type Dispatch, memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { VIEWS } from '../settings/devices.ts';
import type { EditorEvent } from '../state/editor-state.ts';
import type { SaveStatus } from '../state/use-document-save.ts';
import classes from './editor.module.css';

const VIEW_ICONS = {
  desktop: IconDeviceDesktop,
  tablets: IconDeviceTablet,
  mobile: IconDeviceMobile,
} as const;

function SaveState({ status }: { status: SaveStatus }) {
  switch (status) {
    case 'saving':
      return (
        <Group gap={6}>
          <Loader size={12} />
          <Text size="xs" c="dimmed">
            Saving…
          </Text>
        </Group>
      );
    case 'unsaved':
      return (
        <Group gap={6} data-testid="unsaved-marker">
          <Box w={8} h={8} bg="orange.5" style={{ borderRadius: 8 }} />
          <Text size="xs" c="orange.8">
            Unsaved changes
          </Text>
        </Group>
      );
    case 'conflict':
    case 'failed':
      return (
        <Group gap={6}>
          <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" />
          <Text size="xs" c="red.7">
            {status === 'conflict' ? 'Changed elsewhere' : 'Not saved'}
          </Text>
        </Group>
      );
    case 'saved':
      return (
        <Group gap={6}>
          <IconCircleCheck size={14} color="var(--mantine-color-teal-6)" />
          <Text size="xs" c="dimmed">
            All changes saved
          </Text>
        </Group>
      );
  }
}

/**
 * The editor's header. It takes the editor's state as props and is memoised: a keystroke changes none of
 * them (after the first), so typing does not re-render its buttons and tooltips (bench/editor.ts).
 */
export const EditorToolbar = memo(function EditorToolbar({
  title,
  titleSlot,
  saveLabel,
  backTo,
  backLabel,
  status,
  dirty,
  onSave,
  onCode,
  onPreview,
  extras,
  view,
  canUndo,
  canRedo,
  dispatch,
}: {
  title: string;
  /** Shown instead of the title (an editable title). */
  titleSlot?: ReactNode;
  saveLabel: string;
  backTo: string;
  backLabel: string;
  status: SaveStatus;
  dirty: boolean;
  onSave: () => void;
  onCode: () => void;
  onPreview: () => void;
  /** The shell's own buttons, before Preview. */
  extras?: ReactNode;
  view: ViewMode;
  canUndo: boolean;
  canRedo: boolean;
  dispatch: Dispatch<EditorEvent>;
}) {
  return (
    <header className={classes.header}>
      <Group gap={8} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <Tooltip label={backLabel}>
          <ActionIcon
            component={Link}
            to={backTo}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={backLabel}
          >
            <IconChevronLeft size={20} />
          </ActionIcon>
        </Tooltip>
        <Box style={{ minWidth: 0 }}>
          {titleSlot ?? (
            <Text size="sm" fw={650} truncate data-testid="editor-title">
              {title}
            </Text>
          )}
          <div role="status" data-testid="save-status">
            <SaveState status={status} />
          </div>
        </Box>
      </Group>
      <SegmentedControl
        size="xs"
        aria-label="View"
        value={view}
        onChange={(value) => dispatch({ type: 'view', view: value as ViewMode })}
        data={VIEWS.map((view) => {
          const Icon = VIEW_ICONS[view.mode];
          return {
            value: view.mode,
            label: (
              <Group gap={6} wrap="nowrap" aria-label={view.label}>
                <Icon size={16} />
                <span>
                  {view.label}{' '}
                  <Text span size="xs" c="dimmed">
                    {view.width}
                  </Text>
                </span>
              </Group>
            ),
          };
        })}
      />
      {/* Grows like the title's side but never below its buttons' width: the title truncates first. */}
      <Group gap={6} wrap="nowrap" justify="flex-end" style={{ flex: '1 0 auto' }}>
        <Tooltip label="Undo (Ctrl+Z)">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Undo"
            disabled={!canUndo}
            onClick={() => dispatch({ type: 'undo' })}
          >
            <IconArrowBackUp size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Redo (Ctrl+Shift+Z)">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Redo"
            disabled={!canRedo}
            onClick={() => dispatch({ type: 'redo' })}
          >
            <IconArrowForwardUp size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Custom CSS, HTML and scripts">
          <ActionIcon variant="default" size="lg" aria-label="Code" onClick={onCode}>
            <IconCode size={18} />
          </ActionIcon>
        </Tooltip>
        {extras}
        <Button variant="default" leftSection={<IconExternalLink size={16} />} onClick={onPreview}>
          Preview
        </Button>
        {/* Saving now while a save is on its way is safe: saveNow waits for it, then saves what is left. */}
        <Button onClick={onSave} disabled={!dirty || status === 'conflict'}>
          {saveLabel}
        </Button>
      </Group>
    </header>
  );
});
