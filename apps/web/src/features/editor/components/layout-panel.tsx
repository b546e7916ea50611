import { type EditorAction, type EditorDocument, findNode, type NodeId } from '@funnelwork/blocks';
import { ActionIcon, ColorSwatch, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { movedOnePlace } from '../canvas/drag-announcements.ts';
import { paletteIcon } from '../palette-icons.ts';
import { useEditorServices } from '../services.tsx';
import { useEditor } from '../state/editor-context.tsx';
import { useAnnounce } from './announcer.tsx';
import classes from './editor.module.css';
import { layoutTreeLines, type TreeItem, treeKeyAction } from './layout-tree.ts';

export type MoveAction = Extract<EditorAction, { type: 'moveSection' | 'moveRow' | 'moveBlock' }>;

/** The action that moves a node one place up or down among its siblings, or none at the edge. */
export function moveAction(document: EditorDocument, id: NodeId, delta: -1 | 1): MoveAction | null {
  const node = findNode(document, id);
  if (!node) return null;
  const index = node.index + delta;
  if (index < 0) return null;
  if (node.kind === 'section') {
    return index >= document.content.length ? null : { type: 'moveSection', sectionId: id, index };
  }
  if (node.kind === 'row') {
    const count = document.content[node.sectionIndex]?.children.length ?? 0;
    return index >= count ? null : { type: 'moveRow', rowId: id, index };
  }
  return { type: 'moveBlock', blockId: id, slot: node.slot, index };
}

/** Moves a node one place (Move up, Move down) and says where it went in the editor's live region. */
export function useMoveOnePlace() {
  const { state, edit } = useEditor();
  const announce = useAnnounce();
  return (id: NodeId, action: MoveAction | null) => {
    if (!action) return;
    announce(movedOnePlace(state.history.present, id, action.index));
    edit(action);
  };
}

/** WCAG 2.2's smallest pointer target (2.5.8), in px; Mantine's sm action icon is 22. */
const ACTION_SIZE = 24;

function NodeActions({ id, label, tabbable }: { id: NodeId; label: string; tabbable: boolean }) {
  const { state, edit } = useEditor();
  const move = useMoveOnePlace();
  const document = state.history.present;
  const up = moveAction(document, id, -1);
  const down = moveAction(document, id, 1);
  const stop = (run: () => void) => (event: React.MouseEvent) => {
    event.stopPropagation();
    run();
  };
  // Only the tree's tab stop offers its actions to Tab; the arrows, not Tab, go from item to item.
  const tabIndex = tabbable ? 0 : -1;
  return (
    <span className={classes.treeActions}>
      <Tooltip label="Move up">
        <ActionIcon
          size={ACTION_SIZE}
          variant="subtle"
          color="gray"
          aria-label={`Move ${label} up`}
          disabled={!up}
          tabIndex={tabIndex}
          onClick={stop(() => move(id, up))}
        >
          <IconArrowUp size={14} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Move down">
        <ActionIcon
          size={ACTION_SIZE}
          variant="subtle"
          color="gray"
          aria-label={`Move ${label} down`}
          disabled={!down}
          tabIndex={tabIndex}
          onClick={stop(() => move(id, down))}
        >
          <IconArrowDown size={14} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Clone">
        <ActionIcon
          size={ACTION_SIZE}
          variant="subtle"
          color="gray"
          aria-label={`Clone ${label}`}
          tabIndex={tabIndex}
          onClick={stop(() => edit({ type: 'cloneNode', id }))}
        >
          <IconCopy size={14} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          size={ACTION_SIZE}
          variant="subtle"
          color="red"
          aria-label={`Delete ${label}`}
          tabIndex={tabIndex}
          onClick={stop(() => edit({ type: 'deleteNode', id }))}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    </span>
  );
}

function Marker({ marker }: { marker: TreeItem['marker'] }) {
  if ('colour' in marker) return <ColorSwatch size={10} color={marker.colour} />;
  const Icon = paletteIcon(marker.block);
  return <Icon size={14} stroke={1.6} />;
}

/**
 * "Layout": the tree of sections, rows, columns and blocks with their label titles and colours, as a
 * WAI-ARIA tree with one tab stop (issue 39): the arrows, Home and End move between its items, Right and
 * Left open and close them, Enter or Space selects the node on the canvas.
 */
export function LayoutPanel() {
  const { state, dispatch } = useEditor();
  const { noun } = useEditorServices().texts;
  const document = state.history.present;
  const [collapsed, setCollapsed] = useState<ReadonlySet<NodeId>>(() => new Set());
  // The item the arrows last reached; a selection made elsewhere (the canvas) becomes the tab stop.
  const [active, setActive] = useState<NodeId | null>(null);
  const [seenSelected, setSeenSelected] = useState(state.selected);
  if (seenSelected !== state.selected) {
    setSeenSelected(state.selected);
    setActive(null);
  }
  const tree = useRef<HTMLDivElement>(null);
  if (document.content.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {`The ${noun} is empty. Add a section from Add new element.`}
      </Text>
    );
  }
  const lines = layoutTreeLines(document, collapsed);
  const items = lines.filter((line): line is TreeItem => line.kind === 'item');
  const tabStop =
    items.find((item) => item.id === active) ?? items.find((item) => item.id === state.selected) ?? items[0];

  const toggle = (id: NodeId, open: boolean) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });
  const onKeyDown = (event: React.KeyboardEvent<HTMLElement>, item: TreeItem) => {
    // Keys on the item's own buttons are theirs.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      dispatch({ type: 'select', id: item.id });
      return;
    }
    const action = treeKeyAction(lines, item.id, event.key);
    if (!action) return;
    event.preventDefault();
    if ('expand' in action) toggle(action.expand, true);
    else if ('collapse' in action) toggle(action.collapse, false);
    else {
      setActive(action.focus);
      tree.current?.querySelector<HTMLElement>(`[data-node-id="${action.focus}"]`)?.focus();
    }
  };

  return (
    <Stack
      ref={tree}
      gap={1}
      role="tree"
      aria-label={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} layout`}
    >
      {lines.map((line) => {
        if (line.kind === 'caption') {
          return (
            <Text key={line.key} size="xs" c="dimmed" pl={6 + line.indent * 14} py={2}>
              {line.text}
            </Text>
          );
        }
        const isTabStop = line.id === tabStop?.id;
        return (
          <div
            key={line.id}
            className={classes.treeRow}
            role="treeitem"
            aria-level={line.level}
            aria-posinset={line.posinset}
            aria-setsize={line.setsize}
            aria-expanded={line.expandable ? line.expanded : undefined}
            aria-selected={state.selected === line.id}
            aria-label={line.label}
            tabIndex={isTabStop ? 0 : -1}
            data-node-id={line.id}
            data-selected={state.selected === line.id || undefined}
            style={{ paddingLeft: 6 + line.indent * 14 }}
            onClick={() => dispatch({ type: 'select', id: line.id })}
            onFocus={(event) => {
              if (event.target === event.currentTarget) setActive(line.id);
            }}
            onKeyDown={(event) => onKeyDown(event, line)}
          >
            <Marker marker={line.marker} />
            <Text size="sm" truncate>
              {line.label}
            </Text>
            <NodeActions id={line.id} label={line.label} tabbable={isTabStop} />
          </div>
        );
      })}
    </Stack>
  );
}
