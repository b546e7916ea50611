import { useDraggable, useDroppable } from '@dnd-kit/core';
import { BLOCKS, type EditorAction, type NodeId, PageView, pageCss, VIEW_WIDTHS } from '@funnelwork/blocks';
import { ActionIcon, Alert, Button, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconGripVertical,
  IconLayoutRows,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import {
  memo,
  type RefObject,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { canvasCss, hiddenBlocksCss } from '../canvas/canvas-css.ts';
import { useDragItem, useDropLine } from '../canvas/dnd-state.ts';
import type { Rect } from '../canvas/drop-target.ts';
import { nodeElement } from '../canvas/measure.ts';
import { useEditorServices } from '../services.tsx';
import { canvasScale } from '../settings/devices.ts';
import { useEditor } from '../state/editor-context.tsx';
import classes from './editor.module.css';
import { InlineTextEditor, isInlineEditable, loadRichText } from './inline-text-editor.tsx';
import { type MoveAction, moveAction, useMoveOnePlace } from './layout-panel.tsx';

type NodeKind = 'section' | 'row' | 'block';

/** A rect of the canvas in the frame's own (unscaled) coordinates. */
function frameRect(frame: Element, rect: Rect, scale: number): Rect {
  const origin = frame.getBoundingClientRect();
  return {
    left: (rect.left - origin.left) / scale,
    top: (rect.top - origin.top) / scale,
    width: rect.width / scale,
    height: rect.height / scale,
  };
}

function kindOf(element: Element | null): NodeKind {
  const type = element?.getAttribute('data-node-type');
  return type === 'section' || type === 'row' ? type : 'block';
}

/** Re-measures when the frame or anything in it changes size. */
function useFrameTick(frame: RefObject<HTMLDivElement | null>) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setTick((value) => value + 1));
    observer.observe(element);
    const onResize = () => setTick((value) => value + 1);
    window.addEventListener('resize', onResize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, [frame]);
  return tick;
}

/**
 * The block toolbar's buttons, in CSS px whatever the canvas's zoom: WCAG 2.2's target size (2.5.8, axe's
 * `target-size`) asks for 24 by 24. The toolbar is as tall, with a pixel above and below.
 */
const TOOL_SIZE = 24;
const TOOLBAR_HEIGHT = 26;

type NodeToolbarProps = {
  id: NodeId;
  kind: NodeKind;
  label: string;
  color?: string;
  below: boolean;
  /** The canvas's zoom: the toolbar scales back by its inverse, keeping its buttons' 24 px at every zoom. */
  scale: number;
  /** Where Move up and Move down take the node (null: nowhere). */
  up: MoveAction | null;
  down: MoveAction | null;
  /** Stable handlers (they read the editor's latest state). */
  move: (id: NodeId, action: MoveAction | null) => void;
  edit: (action: EditorAction) => void;
  /** Starts editing the block's text on the canvas (text blocks only). */
  onEditText?: () => void;
};

/** Its props change only with the selection or its place: typing does not re-render its tooltips. */
const sameToolbar = (before: NodeToolbarProps, after: NodeToolbarProps) =>
  before.id === after.id &&
  before.kind === after.kind &&
  before.label === after.label &&
  before.color === after.color &&
  before.below === after.below &&
  before.scale === after.scale &&
  before.move === after.move &&
  before.edit === after.edit &&
  before.onEditText === after.onEditText &&
  JSON.stringify([before.up, before.down]) === JSON.stringify([after.up, after.down]);

const NodeToolbar = memo(function NodeToolbar({
  id,
  kind,
  label,
  color,
  below,
  scale,
  up,
  down,
  move,
  edit,
  onEditText,
}: NodeToolbarProps) {
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `node:${id}`,
    data: { source: kind, id },
  });
  return (
    <div
      className={classes.nodeLabel}
      data-editor-ui=""
      data-below={below || undefined}
      style={{
        ['--canvas-scale' as string]: scale,
        ...(color ? { background: color } : kind === 'section' ? { background: '#2f9e44' } : {}),
      }}
    >
      <button
        type="button"
        ref={setNodeRef}
        {...listeners}
        {...attributes}
        aria-label={`Drag ${label}`}
        className={classes.dragHandle}
      >
        <IconGripVertical size={13} />
      </button>
      <span style={{ marginRight: 4 }}>{label}</span>
      {onEditText && (
        <Tooltip label="Edit text here (double-click or Enter)">
          <ActionIcon size={TOOL_SIZE} variant="transparent" aria-label="Edit text" onClick={onEditText}>
            <IconPencil size={12} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="Move up">
        <ActionIcon
          size={TOOL_SIZE}
          variant="transparent"
          aria-label={`Move ${label} up`}
          disabled={!up}
          onClick={() => move(id, up)}
        >
          <IconArrowUp size={12} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Move down">
        <ActionIcon
          size={TOOL_SIZE}
          variant="transparent"
          aria-label={`Move ${label} down`}
          disabled={!down}
          onClick={() => move(id, down)}
        >
          <IconArrowDown size={12} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Clone">
        <ActionIcon
          size={TOOL_SIZE}
          variant="transparent"
          aria-label={`Clone ${label}`}
          onClick={() => edit({ type: 'cloneNode', id })}
        >
          <IconCopy size={12} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          size={TOOL_SIZE}
          variant="transparent"
          aria-label={`Delete ${label}`}
          onClick={() => edit({ type: 'deleteNode', id })}
        >
          <IconTrash size={12} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}, sameToolbar);

/** The canvas: the page as the renderer draws it, at the width of the current view, with selection and drop lines. */
/** How long after a click a second one makes it a double-click (the platforms' usual 500 ms is long to wait). */
const DOUBLE_CLICK_MS = 300;

export function EditorCanvas({
  frameRef,
  onPick,
}: {
  frameRef: RefObject<HTMLDivElement | null>;
  onPick: (id: NodeId | 'page') => void;
}) {
  const { state, dispatch, edit } = useEditor();
  const document = state.history.present;
  const drag = useDragItem();
  const stageRef = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<NodeId | null>(null);
  const [editing, setEditing] = useState<NodeId | null>(null);
  // Where a click started editing (the caret goes there); null selects the whole text.
  const [caret, setCaret] = useState<{ x: number; y: number } | null>(null);
  const startEditing = (id: NodeId, at: { x: number; y: number } | null = null) => {
    setCaret(at);
    setEditing(id);
  };
  // A click on the selected text starts typing at the caret once it is clear the click is not the first
  // of a double-click (which starts editing with the whole text selected, so typing replaces it).
  const clickToEdit = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelClickToEdit = () => {
    if (clickToEdit.current !== null) clearTimeout(clickToEdit.current);
    clickToEdit.current = null;
  };
  const [available, setAvailable] = useState(0);
  const tick = useFrameTick(frameRef);
  const { setNodeRef: setDropRef } = useDroppable({ id: 'canvas' });

  const width = VIEW_WIDTHS[state.view];
  const scale = canvasScale(state.view, available);
  // The document as the shell has it drawn (the page editor: product lists with what they sell).
  const { useShownDocument, CanvasNotice, canvasCss: shellCanvasCss } = useEditorServices();
  // Typing writes the document on every keystroke: the page redraws in the background (a deferred value),
  // so a keystroke never waits for 300 blocks to render (bench/editor.ts). What is worked out from the
  // whole document (the shell's CSS and notice) follows the drawn page, not each keystroke.
  const drawn = useDeferredValue(document);
  const shellCss = useMemo(
    () => (typeof shellCanvasCss === 'string' ? shellCanvasCss : shellCanvasCss(drawn)),
    [shellCanvasCss, drawn],
  );
  const notice = useMemo(() => <CanvasNotice document={drawn} />, [CanvasNotice, drawn]);
  const shown = useShownDocument(drawn);
  const css = useMemo(() => canvasCss(pageCss(shown, true)), [shown]);
  // The page itself changes only with the document: drag moves, hovers and dnd-kit's own updates
  // re-render this component many times a second, and must not re-render every block (bench/editor.ts).
  const page = useMemo(() => <PageView document={shown} editor />, [shown]);

  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const measure = () => setAvailable(stage.clientWidth - 48);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, []);

  const [frameHeight, setFrameHeight] = useState(640);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measured whenever the page or its size changes
  useLayoutEffect(() => {
    if (frameRef.current) setFrameHeight(frameRef.current.offsetHeight);
  }, [tick, shown, state.view, frameRef]);
  // The outlines are measured while rendering, from the page as last committed: once the drawn page (or the
  // selection) commits, they are measured again before the browser paints, so an outline never stays where
  // the block was (typing re-renders little now, so no later render would move it).
  const [, remeasure] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the drawn page or selection changes
  useLayoutEffect(() => {
    remeasure((n) => n + 1);
  }, [shown, state.view, state.selected]);

  // A block just added from the palette is scrolled to once the canvas has drawn it.
  const revealed = useRef<NodeId | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: looked for again each time the drawn page changes
  useEffect(() => {
    const id = state.reveal;
    const frame = frameRef.current;
    if (id === null || revealed.current === id || !frame) return;
    const element = nodeElement(frame, id);
    if (!element) return;
    revealed.current = id;
    element.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [state.reveal, shown, frameRef]);

  const selectedId = typeof state.selected === 'number' ? state.selected : null;
  const selectedBlock = selectedId === null ? undefined : document.children[selectedId];
  const canEditText = selectedBlock !== undefined && isInlineEditable(selectedBlock.type);
  // A selected text block is the step before editing it: its rich-text surface starts loading now.
  useEffect(() => {
    if (canEditText) loadRichText().catch(() => {});
  }, [canEditText]);
  // The node toolbar's handlers stay the same while its node is selected (it is memoised).
  const move = useMoveOnePlace();
  const latestMove = useRef(move);
  latestMove.current = move;
  const moveOnePlace = useCallback(
    (id: NodeId, action: MoveAction | null) => latestMove.current(id, action),
    [],
  );
  const editSelectedText = useCallback(() => {
    if (selectedId === null) return;
    setCaret(null);
    setEditing(selectedId);
  }, [selectedId]);

  // Enter on a selected text block edits it in place (unless the keys are going to a field or a button).
  useEffect(() => {
    if (!canEditText || editing !== null || selectedId === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      const onPage =
        target === window.document.body ||
        (target instanceof Element &&
          !!frameRef.current?.contains(target) &&
          !target.closest('[data-editor-ui]'));
      if (!onPage) return;
      event.preventDefault();
      setCaret(null);
      setEditing(selectedId);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canEditText, editing, selectedId, frameRef]);

  const outlineOf = (id: NodeId | null) => {
    const frame = frameRef.current;
    if (id === null || !frame) return null;
    const element = nodeElement(frame, id);
    if (!element) return null;
    return { rect: frameRect(frame, element.getBoundingClientRect(), scale), kind: kindOf(element) };
  };
  // The overlays follow the page: recomputed on every render that the tick, document or view causes.
  void tick;
  const selected = outlineOf(selectedId);
  const hover = hovered !== selectedId ? outlineOf(hovered) : null;

  const labelOf = (id: NodeId, kind: NodeKind) => {
    if (kind === 'section') return 'Section';
    if (kind === 'row') return document.rows[id]?.labelTitle || 'Row';
    const block = document.children[id];
    return block ? BLOCKS[block.type].title : '';
  };

  const nodeAt = (target: EventTarget | null): Element | null =>
    target instanceof Element && !target.closest('[data-editor-ui]')
      ? target.closest('[data-node-id]')
      : null;

  const editingStyle =
    editing === null ? '' : `.pe-frame [data-node-id="${editing}"]>.fw-box{visibility:hidden}`;

  return (
    <div className={classes.stage} ref={stageRef} data-testid="canvas-stage">
      {state.notice && (
        <Alert
          color="orange"
          variant="filled"
          radius="md"
          withCloseButton
          onClose={() => dispatch({ type: 'dismissNotice' })}
          style={{ position: 'sticky', top: 0, zIndex: 40, maxWidth: 520, margin: '0 auto 16px' }}
          role="alert"
        >
          {state.notice}
        </Alert>
      )}
      {notice}
      <div className={classes.frameHolder} style={{ width: width * scale, height: frameHeight * scale }}>
        <div style={{ width, transform: `scale(${scale})`, transformOrigin: 'top left' }}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer selection on the page; the keyboard selects in Layout */}
          {/* biome-ignore lint/a11y/useKeyWithMouseEvents: hover only draws an outline */}
          <div
            ref={(element) => {
              frameRef.current = element;
              setDropRef(element);
            }}
            className={`${classes.frame} pe-frame`}
            data-testid="canvas"
            data-view={state.view}
            style={{ width }}
            onClickCapture={(event) => {
              if ((event.target as Element).closest('[data-editor-ui]')) return;
              event.preventDefault();
              const node = nodeAt(event.target);
              const id = node ? Number(node.getAttribute('data-node-id')) : null;
              // A click on the text of the selected text block starts typing there; the second click of a
              // double-click leaves it to onDoubleClick (which selects the whole text).
              if (id !== null && id === selectedId && canEditText) {
                cancelClickToEdit();
                if (event.detail === 1) {
                  const at = { x: event.clientX, y: event.clientY };
                  clickToEdit.current = setTimeout(() => {
                    clickToEdit.current = null;
                    startEditing(id, at);
                  }, DOUBLE_CLICK_MS);
                }
                return;
              }
              onPick(id ?? 'page');
            }}
            onSubmitCapture={(event) => event.preventDefault()}
            onDoubleClick={(event) => {
              cancelClickToEdit();
              const node = nodeAt(event.target);
              const id = node ? Number(node.getAttribute('data-node-id')) : null;
              const block = id === null ? undefined : document.children[id];
              if (block && isInlineEditable(block.type)) {
                dispatch({ type: 'select', id: block.id });
                startEditing(block.id);
              }
            }}
            onMouseOver={(event) => {
              const node = nodeAt(event.target);
              setHovered(node ? Number(node.getAttribute('data-node-id')) : null);
            }}
            onMouseLeave={() => setHovered(null)}
          >
            <style>{css}</style>
            <style>{hiddenBlocksCss(state.view) + editingStyle + shellCss}</style>
            {page}
            {document.content.length === 0 && <EmptyPage onAdd={() => edit({ type: 'addSection' })} />}
            {hover && !drag && (
              <div
                className={classes.outline}
                data-kind={hover.kind}
                style={{
                  ...hover.rect,
                  ['--row-color' as string]:
                    hovered !== null ? document.rows[hovered]?.labelColor : undefined,
                }}
              />
            )}
            {selected && selectedId !== null && (
              <div
                className={classes.outline}
                data-selected=""
                data-kind={selected.kind}
                data-testid="selection-outline"
                style={{ ...selected.rect, ['--row-color' as string]: document.rows[selectedId]?.labelColor }}
              >
                {!drag && editing === null && (
                  <NodeToolbar
                    id={selectedId}
                    kind={selected.kind}
                    label={labelOf(selectedId, selected.kind)}
                    color={selected.kind === 'row' ? document.rows[selectedId]?.labelColor : undefined}
                    below={selected.rect.top < TOOLBAR_HEIGHT / scale}
                    scale={scale}
                    up={moveAction(document, selectedId, -1)}
                    down={moveAction(document, selectedId, 1)}
                    move={moveOnePlace}
                    edit={edit}
                    onEditText={selected.kind === 'block' && canEditText ? editSelectedText : undefined}
                  />
                )}
              </div>
            )}
            {drag && <DropLine scale={scale} />}
            {editing !== null && frameRef.current && (
              <InlineTextEditor
                key={editing}
                frame={frameRef.current}
                scale={scale}
                blockId={editing}
                caret={caret}
                content={document.children[editing]?.content ?? ''}
                onInput={(content) => {
                  if (content !== (document.children[editing]?.content ?? ''))
                    edit(
                      { type: 'setNodeValue', id: editing, path: ['content'], value: content },
                      { typing: true },
                    );
                }}
                onDone={(content) => {
                  const block = document.children[editing];
                  if (block && content !== undefined && content !== (block.content ?? '')) {
                    edit(
                      { type: 'setNodeValue', id: editing, path: ['content'], value: content },
                      { typing: true },
                    );
                  }
                  setEditing(null);
                }}
              />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The line where the dragged item would land; the only part of the canvas a pointer move re-renders. */
function DropLine({ scale }: { scale: number }) {
  const line = useDropLine();
  if (!line) return null;
  const style = {
    left: line.left / scale,
    top: line.top / scale,
    width: line.width / scale,
    height: line.height / scale,
  };
  return <div className={classes.dropLine} data-testid="drop-line" style={style} />;
}

function EmptyPage({ onAdd }: { onAdd: () => void }) {
  const { texts } = useEditorServices();
  return (
    <div className={classes.emptyPage}>
      <Paper
        withBorder
        radius="lg"
        p="xl"
        style={{ pointerEvents: 'auto', borderStyle: 'dashed' }}
        data-editor-ui=""
      >
        <Stack align="center" gap="xs">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconLayoutRows size={24} />
          </ThemeIcon>
          <Text fw={650}>Start with a section</Text>
          <Text size="sm" c="dimmed" ta="center" maw={280}>
            {texts.emptyHint}
          </Text>
          <Button size="xs" onClick={onAdd}>
            Add section
          </Button>
        </Stack>
      </Paper>
    </div>
  );
}
