import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import {
  canRedo,
  canUndo,
  type EditorAction,
  type EditorDocument,
  findNode,
  type NodeId,
  type PaletteType,
} from '@funnelwork/blocks';
import { Button, Group, Stack, Text } from '@mantine/core';
import {
  type Icon,
  IconAdjustments,
  IconCode,
  IconPlus,
  IconSettings,
  IconStack2,
} from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppModal } from '../../shared/popups.tsx';
import { UnsavedChangesModal, useUnsavedChangesGuard } from '../../shared/unsaved-changes.tsx';
import { DragStoreContext, useDragItem } from './canvas/dnd-state.ts';
import { CANVAS_DRAG_INSTRUCTIONS } from './canvas/drag-announcements.ts';
import { useCanvasDnd } from './canvas/use-canvas-dnd.ts';
import { AnnouncerProvider } from './components/announcer.tsx';
import { CodePopup } from './components/code-popup.tsx';
import classes from './components/editor.module.css';
import { EditorCanvas } from './components/editor-canvas.tsx';
import { EditorToolbar } from './components/editor-toolbar.tsx';
import { LayoutPanel } from './components/layout-panel.tsx';
import { PalettePanel } from './components/palette-panel.tsx';
import { type BlockActions, PageSettingsPanel, PropertiesPanel } from './components/properties-panel.tsx';
import { routeTail } from './editor-route.ts';
import { type PaletteGroup, paletteTitle } from './palette.ts';
import { paletteIcon } from './palette-icons.ts';
import {
  DEFAULT_SERVICES,
  type EditorServices,
  EditorServicesContext,
  type EditorTexts,
} from './services.tsx';
import { EditorContext, type EditorContextValue } from './state/editor-context.tsx';
import { type DocumentCode, editorReducer, initialEditorState } from './state/editor-state.ts';
import { type SaveDocument, useDocumentSave } from './state/use-document-save.ts';

export { UNLOAD_WARNING } from '../../shared/unsaved-changes.tsx';

/** A document as a shell loaded it: the document, its code and the version its save sends back. */
export type LoadedDocument = { document: EditorDocument; code: DocumentCode; version: number };

/** A panel a shell adds to the editor's rail, after the editor's own (the page editor's Popups). */
export type ShellPanel = { key: string; label: string; title: string; icon: Icon; content: ReactNode };

export type EditorProps = {
  initial: LoadedDocument;
  /** The palette of the Add panel, in groups. */
  palette: readonly PaletteGroup[];
  /** Saves the document 300 ms after the last change; a 409 answer stops saving until a reload. */
  onSave: SaveDocument;
  /** The stored document again, after a 409; null leaves the editor as it is, a throw reloads the window. */
  onReload: () => Promise<LoadedDocument | null>;
  /** The editor's route: the open panel, the selection and the code popup follow it (`{base}/layout/7`). */
  base: string;
  title: string;
  back: { to: string; label: string };
  panels?: readonly ShellPanel[];
  blockActions?: BlockActions;
  /** The shell's popups, rendered inside the editor so they may `useEditor()`. */
  overlays?: ReactNode;
  toolbarExtras?: ReactNode;
  services?: Partial<EditorServices>;
  /** Save 300 ms after each change (default); false saves only with Save (the e-mail editor). */
  autosave?: boolean;
  /** The shell's own unsaved changes outside the document (the e-mail editor's template title). */
  shellDirty?: boolean;
  /** Shown in the header instead of the title (the e-mail editor's editable title). */
  titleSlot?: ReactNode;
  /** Whether the rail has the document settings panel; without it they open in Properties. */
  settingsPanel?: boolean;
  /** The parts of the document's code the Code popup edits. */
  codeTabs?: readonly (keyof DocumentCode)[];
};

const ALL_CODE: readonly (keyof DocumentCode)[] = ['css', 'html', 'head_js', 'body_js'];

type Panel = { key: string; label: string; title: string; icon: Icon };

function corePanels(texts: EditorTexts, settings: boolean): Panel[] {
  return [
    { key: 'add', label: 'Add', title: 'Add new element', icon: IconPlus },
    { key: 'layout', label: 'Layout', title: 'Layout', icon: IconStack2 },
    { key: 'properties', label: 'Properties', title: 'Properties', icon: IconAdjustments },
    ...(settings
      ? [{ key: 'settings', label: texts.settingsLabel, title: texts.settingsTitle, icon: IconSettings }]
      : []),
  ];
}

function isTyping(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** What follows the pointer while dragging: the palette item's icon and title, or what kind of node. */
function DragChip() {
  const item = useDragItem();
  if (!item) return null;
  const label =
    item.source === 'palette'
      ? paletteTitle(item.type as PaletteType)
      : item.source.charAt(0).toUpperCase() + item.source.slice(1);
  const Icon = item.source === 'palette' ? paletteIcon(item.type as PaletteType) : null;
  return (
    <div className={classes.dragChip}>
      {Icon && <Icon size={16} />}
      {label}
    </div>
  );
}

/**
 * The block editor: canvas, palette, layout, properties, undo and redo, drag and drop, inline text and
 * autosave. It knows a document, a palette and a save function; the shell around it knows where the
 * document is stored and lends the rest (`services`, `panels`, `blockActions`, `overlays`).
 */
export function Editor({
  initial,
  palette,
  onSave,
  onReload,
  base,
  title,
  back,
  panels: shellPanels = [],
  blockActions,
  overlays,
  toolbarExtras,
  services,
  autosave = true,
  shellDirty = false,
  titleSlot,
  settingsPanel = true,
  codeTabs = ALL_CODE,
}: EditorProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const shellKeys = useMemo(() => shellPanels.map((panel) => panel.key), [shellPanels]);
  const tail = routeTail(location.pathname.slice(base.length), shellKeys);
  const [state, dispatch] = useReducer(editorReducer, initial, (start) => ({
    ...initialEditorState(start.document, start.code, start.version),
    selected: tail.panel === 'settings' ? ('page' as const) : tail.id,
  }));
  const { status, error, saveNow, unblock, dirty } = useDocumentSave(onSave, state, dispatch, {
    autosave,
    shellDirty,
  });
  // Where the document's settings open: their own panel, or Properties when the rail has none.
  const settingsPath = settingsPanel ? '/settings' : '/properties';
  const frameRef = useRef<HTMLDivElement | null>(null);
  const documentRef = useRef(state.history.present);
  documentRef.current = state.history.present;
  const {
    store: dragStore,
    handlers,
    announcements,
  } = useCanvasDnd(frameRef, dispatch, () => documentRef.current);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );
  const serviceValue = useMemo<EditorServices>(() => ({ ...DEFAULT_SERVICES, ...services }), [services]);
  const { texts } = serviceValue;

  const edit = useCallback(
    (action: EditorAction, options?: { typing?: boolean }) =>
      dispatch({ type: 'edit', action, typing: options?.typing, at: performance.now() }),
    [],
  );
  const go = useCallback((path: string) => navigate(`${base}${path}`, { replace: true }), [navigate, base]);
  const showNode = useCallback(
    (id: NodeId) => {
      dispatch({ type: 'select', id });
      go(`/properties/${id}`);
    },
    [go],
  );
  const context = useMemo<EditorContextValue>(
    () => ({ state, dispatch, edit, dirty, saveNow, showNode }),
    [state, edit, dirty, saveNow, showNode],
  );

  // The URL follows the open panel and the selection, so reload and Back land on the same place.
  useEffect(() => {
    const { selected } = state;
    if (tail.code || tail.preview) return;
    if (selected === 'page') {
      if (settingsPanel ? tail.panel !== 'settings' : tail.panel !== 'properties' || tail.id !== null)
        go(settingsPath);
    } else if (!settingsPanel && tail.panel === 'settings') go('/properties');
    else if (
      typeof selected === 'number' &&
      (tail.panel === 'layout' || tail.panel === 'properties') &&
      tail.id !== selected
    ) {
      go(`/${tail.panel}/${selected}`);
    } else if (selected === null && tail.id !== null) go(`/${tail.panel}`);
  }, [state.selected, tail.panel, tail.id, tail.code, tail.preview, go, state, settingsPanel, settingsPath]);

  const openPanel = (panel: string) => {
    if (panel === 'settings') {
      dispatch({ type: 'select', id: 'page' });
      go('/settings');
      return;
    }
    if (state.selected === 'page') dispatch({ type: 'select', id: null });
    const id = typeof state.selected === 'number' && panel !== 'add' ? `/${state.selected}` : '';
    go(panel === 'add' ? '' : `/${panel}${id}`);
  };

  // Clicking the page opens what was clicked in Properties (or the page settings).
  const pick = (id: number | 'page') => {
    dispatch({ type: 'select', id });
    if (id === 'page') go(settingsPath);
    else if (tail.panel !== 'layout') go(`/properties/${id}`);
  };

  // Leaving with unsaved changes: the browser's warning, and 'Save changes?' beyond the editor's own routes.
  const blocker = useUnsavedChangesGuard(dirty, (next) => next.pathname.startsWith(base));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveNow();
        return;
      }
      if (isTyping(event.target)) return;
      if (mod && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
      } else if (mod && event.key.toLowerCase() === 'y') {
        event.preventDefault();
        dispatch({ type: 'redo' });
      } else if (
        (event.key === 'Delete' || event.key === 'Backspace') &&
        typeof state.selected === 'number'
      ) {
        event.preventDefault();
        edit({ type: 'deleteNode', id: state.selected });
      } else if (event.key === 'Escape') {
        dispatch({ type: 'select', id: null });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saveNow, state.selected, edit]);

  const preview = useCallback(() => {
    void saveNow().then((saved) => {
      if (saved) window.open(`${base}/preview`, '_blank');
    });
  }, [saveNow, base]);
  const onSaveClick = useCallback(() => void saveNow(), [saveNow]);
  const openCode = useCallback(() => go('/code'), [go]);

  const reloadDocument = useCallback(async () => {
    try {
      const loaded = await onReload();
      if (!loaded) return;
      dispatch({ type: 'load', ...loaded });
      unblock();
    } catch {
      window.location.reload();
    }
  }, [onReload, unblock]);

  const selectedNode =
    typeof state.selected === 'number' ? findNode(state.history.present, state.selected) : undefined;
  const selectedNodeId = selectedNode
    ? selectedNode.kind === 'section'
      ? selectedNode.section.id
      : selectedNode.kind === 'row'
        ? selectedNode.row.id
        : selectedNode.block.id
    : null;
  // The popups below change with none of a keystroke's state: kept as they are while typing.
  const codePopup = useMemo(
    () => (
      <CodePopup
        opened={tail.code}
        code={state.code}
        title={texts.codeTitle}
        tabs={codeTabs}
        noun={texts.noun}
        onClose={() => go(selectedNodeId !== null ? `/properties/${selectedNodeId}` : '')}
        onApply={(code) => dispatch({ type: 'code', code })}
      />
    ),
    [tail.code, state.code, texts, codeTabs, go, selectedNodeId],
  );
  const conflict = status === 'conflict';
  const conflictModal = useMemo(
    () => (
      <AppModal
        opened={conflict}
        onClose={() => undefined}
        withCloseButton={false}
        title={texts.conflictTitle}
      >
        <Stack>
          <Text size="sm">{error ?? texts.conflictMessage}. Your latest changes here were not saved.</Text>
          <Group justify="flex-end">
            <Button onClick={() => void reloadDocument()}>{texts.reload}</Button>
          </Group>
        </Stack>
      </AppModal>
    ),
    [conflict, error, texts, reloadDocument],
  );
  const unsavedModal = useMemo(
    () => <UnsavedChangesModal blocker={blocker} text={texts.unsaved} save={saveNow} />,
    [blocker, texts.unsaved, saveNow],
  );
  const core = corePanels(texts, settingsPanel);
  const rail: readonly Panel[] = [...core, ...shellPanels];
  const panel = rail.find((item) => item.key === tail.panel) ?? core[0]!;
  const shellPanel = shellPanels.find((item) => item.key === panel.key);
  return (
    <EditorServicesContext.Provider value={serviceValue}>
      <EditorContext.Provider value={context}>
        <DndContext
          sensors={sensors}
          accessibility={{ announcements, screenReaderInstructions: CANVAS_DRAG_INSTRUCTIONS }}
          {...handlers}
        >
          <DragStoreContext.Provider value={dragStore}>
            <AnnouncerProvider>
              <div className={classes.shell}>
                <EditorToolbar
                  title={title}
                  titleSlot={titleSlot}
                  saveLabel={texts.save}
                  backTo={back.to}
                  backLabel={back.label}
                  status={status}
                  dirty={dirty}
                  onSave={onSaveClick}
                  onCode={openCode}
                  onPreview={preview}
                  extras={toolbarExtras}
                  view={state.view}
                  canUndo={canUndo(state.history)}
                  canRedo={canRedo(state.history)}
                  dispatch={dispatch}
                />
                <div className={classes.body}>
                  <nav className={classes.rail} aria-label="Editor panels">
                    {rail.map((item) => (
                      <button
                        key={item.key}
                        type="button"
                        className={classes.railButton}
                        data-active={(tail.panel === item.key && !tail.code) || undefined}
                        aria-label={item.title}
                        aria-pressed={tail.panel === item.key}
                        onClick={() => openPanel(item.key)}
                      >
                        <item.icon size={20} stroke={1.6} />
                        {item.label}
                      </button>
                    ))}
                    <button
                      type="button"
                      className={classes.railButton}
                      aria-label={texts.codeLabel}
                      data-active={tail.code || undefined}
                      onClick={() => go('/code')}
                    >
                      <IconCode size={20} stroke={1.6} />
                      {texts.codeLabel}
                    </button>
                  </nav>
                  <aside className={classes.panel} aria-label={panel.title}>
                    <div className={classes.panelHeader}>
                      <Text fw={700} size="sm">
                        {panel.title}
                      </Text>
                      {panel.key === 'add' && (
                        <Text size="xs" c="dimmed">
                          {texts.dropHint}
                        </Text>
                      )}
                    </div>
                    <div className={classes.panelBody}>
                      {panel.key === 'add' && <PalettePanel palette={palette} />}
                      {panel.key === 'layout' && <LayoutPanel />}
                      {panel.key === 'properties' && <PropertiesPanel blockActions={blockActions} />}
                      {panel.key === 'settings' && <PageSettingsPanel />}
                      {shellPanel?.content}
                    </div>
                  </aside>
                  <EditorCanvas frameRef={frameRef} onPick={pick} />
                </div>
              </div>
            </AnnouncerProvider>
            <DragOverlay dropAnimation={null}>
              <DragChip />
            </DragOverlay>
          </DragStoreContext.Provider>
        </DndContext>
        {codePopup}
        {overlays}
        {conflictModal}
        {unsavedModal}
      </EditorContext.Provider>
    </EditorServicesContext.Provider>
  );
}
