import {
  BLOCKS,
  type Block,
  blockChildLists,
  type EditorAction,
  type EditorDocument,
  findNode,
  type NodeId,
} from '@funnelwork/blocks';
import { ActionIcon, Box, ColorSwatch, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { movedOnePlace } from '../canvas/drag-announcements.ts';
import { paletteIcon } from '../palette-icons.ts';
import { useEditorServices } from '../services.tsx';
import { useEditor } from '../state/editor-context.tsx';
import { useAnnounce } from './announcer.tsx';
import classes from './editor.module.css';

type MoveAction = Extract<EditorAction, { type: 'moveSection' | 'moveRow' | 'moveBlock' }>;

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

function NodeActions({ id, label }: { id: NodeId; label: string }) {
  const { state, edit } = useEditor();
  const move = useMoveOnePlace();
  const document = state.history.present;
  const up = moveAction(document, id, -1);
  const down = moveAction(document, id, 1);
  const stop = (run: () => void) => (event: React.MouseEvent) => {
    event.stopPropagation();
    run();
  };
  return (
    <span className={classes.treeActions}>
      <Tooltip label="Move up">
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={`Move ${label} up`}
          disabled={!up}
          onClick={stop(() => move(id, up))}
        >
          <IconArrowUp size={14} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Move down">
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={`Move ${label} down`}
          disabled={!down}
          onClick={stop(() => move(id, down))}
        >
          <IconArrowDown size={14} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Clone">
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={`Clone ${label}`}
          onClick={stop(() => edit({ type: 'cloneNode', id }))}
        >
          <IconCopy size={14} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          size="sm"
          variant="subtle"
          color="red"
          aria-label={`Delete ${label}`}
          onClick={stop(() => edit({ type: 'deleteNode', id }))}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    </span>
  );
}

function TreeRow({
  id,
  depth,
  label,
  marker,
  children,
}: {
  id: NodeId;
  depth: number;
  label: string;
  marker: ReactNode;
  children?: ReactNode;
}) {
  const { state, dispatch } = useEditor();
  return (
    <>
      <div
        className={classes.treeRow}
        role="treeitem"
        aria-selected={state.selected === id}
        aria-label={label}
        tabIndex={0}
        data-selected={state.selected === id || undefined}
        style={{ paddingLeft: 6 + depth * 14 }}
        onClick={() => dispatch({ type: 'select', id })}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            dispatch({ type: 'select', id });
          }
        }}
      >
        {marker}
        <Text size="sm" truncate>
          {label}
        </Text>
        <NodeActions id={id} label={label} />
      </div>
      {children}
    </>
  );
}

function BlockBranch({ block, depth }: { block: Block; depth: number }) {
  const { state } = useEditor();
  const document = state.history.present;
  const Icon = paletteIcon(block.type);
  return (
    <TreeRow
      id={block.id}
      depth={depth}
      label={BLOCKS[block.type].title}
      marker={<Icon size={14} stroke={1.6} />}
    >
      {blockChildLists(block).flatMap((list) =>
        list.children.map((childId) => {
          const child = document.children[childId];
          return child ? <BlockBranch key={childId} block={child} depth={depth + 1} /> : null;
        }),
      )}
    </TreeRow>
  );
}

/** "Layout": the tree of sections, rows, columns and blocks with their label titles and colours. */
export function LayoutPanel() {
  const { state } = useEditor();
  const { noun } = useEditorServices().texts;
  const document = state.history.present;
  if (document.content.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {`The ${noun} is empty. Add a section from Add new element.`}
      </Text>
    );
  }
  return (
    <Stack gap={1} role="tree" aria-label={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} layout`}>
      {document.content.map((section, sectionIndex) => (
        <TreeRow
          key={section.id}
          id={section.id}
          depth={0}
          label={`Section ${sectionIndex + 1}`}
          marker={<ColorSwatch size={10} color="#2f9e44" />}
        >
          {section.children.map((rowId, rowIndex) => {
            const row = document.rows[rowId];
            if (!row) return null;
            return (
              <TreeRow
                key={rowId}
                id={rowId}
                depth={1}
                label={row.labelTitle || `Row ${rowIndex + 1}`}
                marker={<ColorSwatch size={10} color={row.labelColor} />}
              >
                {row.cols.map((column, columnIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is known by its position
                  <Box key={columnIndex}>
                    <Text size="xs" c="dimmed" pl={6 + 2 * 14} py={2}>
                      Column {columnIndex + 1} · {Math.round(column.width)}%
                    </Text>
                    {column.children.map((blockId) => {
                      const block = document.children[blockId];
                      return block ? <BlockBranch key={blockId} block={block} depth={3} /> : null;
                    })}
                  </Box>
                ))}
              </TreeRow>
            );
          })}
        </TreeRow>
      ))}
    </Stack>
  );
}
