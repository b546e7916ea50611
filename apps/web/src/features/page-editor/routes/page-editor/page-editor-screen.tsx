import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import {
  CORRUPT_DOCUMENT_MESSAGE,
  CorruptDocumentError,
  type EditorAction,
  type EditorDocument,
  emptyDocument,
  findNode,
  migrateDocument,
  type PaletteType,
} from '@funnelwork/blocks';
import type { Popup } from '@funnelwork/domain';
import { Box, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import {
  IconAdjustments,
  IconAppWindow,
  IconCode,
  IconPlus,
  IconSettings,
  IconStack2,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../../shared/api-client.ts';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { codeOf, fetchPage, type PageRef, pageEditorKeys, savePage } from '../../api.ts';
import { DragStoreContext, useDragItem } from '../../canvas/dnd-state.ts';
import { CodePopup } from '../../components/code-popup.tsx';
import { EditorCanvas } from '../../components/editor-canvas.tsx';
import { EditorToolbar } from '../../components/editor-toolbar.tsx';
import { LayoutPanel } from '../../components/layout-panel.tsx';
import classes from '../../components/page-editor.module.css';
import { PALETTE_ICONS, PalettePanel } from '../../components/palette-panel.tsx';
import { PaymentMethodsPopup } from '../../components/payment-methods-popup.tsx';
import { PopupsPanel } from '../../components/popups-panel.tsx';
import { PageSettingsPanel, PropertiesPanel } from '../../components/properties-panel.tsx';
import { paletteTitle } from '../../palette.ts';
import { fetchPopup, popupKeys, savePopup } from '../../popups-api.ts';
import { PagePreview } from '../../preview/page-preview.tsx';
import { SellableProvider } from '../../sellable.tsx';
import { EditorContext, type EditorContextValue } from '../../state/editor-context.tsx';
import { editorReducer, initialEditorState, type PageCode } from '../../state/editor-state.ts';
import { type SaveDocument, usePageSave } from '../../state/use-page-save.ts';
import { useCanvasDnd } from './use-canvas-dnd.ts';

/** "unloading warns 'Save the result before refreshing the page'" (the e-mail editor's words, used here too). */
export const UNLOAD_WARNING = 'Save the result before refreshing the page';

type Panel = 'add' | 'layout' | 'properties' | 'settings' | 'popups';

const PANELS: readonly { key: Panel; label: string; title: string; icon: typeof IconPlus }[] = [
  { key: 'add', label: 'Add', title: 'Add new element', icon: IconPlus },
  { key: 'layout', label: 'Layout', title: 'Layout', icon: IconStack2 },
  { key: 'properties', label: 'Properties', title: 'Properties', icon: IconAdjustments },
  { key: 'settings', label: 'Page', title: 'Page settings', icon: IconSettings },
  { key: 'popups', label: 'Popups', title: 'Popups', icon: IconAppWindow },
];

/** The route's tail after the page: the open panel, its node, or the code popup / preview (spec §2.4). */
function routeTail(rest: string): { panel: Panel; id: number | null; code: boolean; preview: boolean } {
  const [first = '', second] = rest.split('/').filter(Boolean);
  const id = second !== undefined && /^\d+$/.test(second) ? Number(second) : null;
  if (first === 'preview') return { panel: 'add', id: null, code: false, preview: true };
  if (first === 'code') return { panel: 'add', id: null, code: true, preview: false };
  if (first === 'layout' || first === 'properties' || first === 'settings' || first === 'popups')
    return { panel: first, id, code: false, preview: false };
  return { panel: 'add', id, code: false, preview: false };
}

/** The page editor, or (at `…/popup/{id}`) the editor of one of the funnel's popups. */
export function PageEditorScreen() {
  const params = useParams();
  const location = useLocation();
  const kind = location.pathname.startsWith('/page-editor/funnel/') ? 'funnel' : 'wfunnel';
  const base = `/page-editor/${kind}/${params.funnel}/steps/${params.step}/pages/${params.page}/${params.user}`;
  const popup = /^\/popup\/(\d+)/.exec(location.pathname.slice(base.length));
  // The page shell supplies what the step sells: the canvas and the product picker read it.
  return (
    <SellableProvider stepId={Number(params.step)}>
      {popup ? (
        <PopupEditorScreen
          key={popup[1]}
          pageBase={base}
          funnelId={Number(params.funnel)}
          popupId={Number(popup[1])}
        />
      ) : (
        <PageDocumentScreen />
      )}
    </SellableProvider>
  );
}

function PageDocumentScreen() {
  const params = useParams();
  const location = useLocation();
  const kind = location.pathname.startsWith('/page-editor/funnel/') ? 'funnel' : 'wfunnel';
  const ref = useMemo<PageRef>(
    () => ({ funnel: Number(params.funnel), step: Number(params.step), page: Number(params.page) }),
    [params.funnel, params.step, params.page],
  );
  const base = `/page-editor/${kind}/${params.funnel}/steps/${params.step}/pages/${params.page}/${params.user}`;
  const tail = routeTail(location.pathname.slice(base.length));
  const query = useQuery({
    queryKey: pageEditorKeys.page(ref),
    queryFn: () => fetchPage(ref),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  const loaded = useMemo(() => {
    if (!query.data) return null;
    try {
      const document =
        query.data.config === null
          ? emptyDocument('page')
          : migrateDocument(query.data.config, { kind: 'page' });
      return { document, code: codeOf(query.data), version: query.data.version };
    } catch (error) {
      if (error instanceof CorruptDocumentError) {
        // "Saved page config that cannot be parsed logs 'Page data seems corrupt …'"
        console.error(error.message, error.issues);
        return { corrupt: true as const };
      }
      throw error;
    }
  }, [query.data]);

  if (query.isPending) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  // The server upgrades stored documents on read and answers 422 'corrupt_document' when it cannot.
  const corruptOnServer =
    query.error instanceof ApiError && query.error.failure.info.code === 'corrupt_document';
  if (corruptOnServer || (loaded && 'corrupt' in loaded)) {
    return (
      <Center h="100vh" p="xl">
        <Box maw={560} w="100%">
          <ErrorBox
            title="This page cannot be opened"
            message={CORRUPT_DOCUMENT_MESSAGE}
            back={{ to: backLink(kind, ref), label: 'Back to the step' }}
          />
        </Box>
      </Center>
    );
  }
  if (query.isError || !loaded) {
    return (
      <Center h="100vh" p="xl">
        <Box maw={520} w="100%">
          <ErrorBox
            message={query.error?.message}
            back={{ to: backLink(kind, ref), label: 'Back to the step' }}
          />
        </Box>
      </Center>
    );
  }
  if (tail.preview)
    return <PagePreview document={loaded.document} code={loaded.code} title={query.data.name} />;
  return (
    <PageEditor
      key={`${ref.page}`}
      save={(data) => savePage(ref, data)}
      funnelId={ref.funnel}
      pageBase={base}
      base={base}
      backTo={backLink(kind, ref)}
      title={query.data.name}
      initial={loaded}
      tail={tail}
      reload={async () => {
        const result = await query.refetch();
        return result.data
          ? { config: result.data.config, version: result.data.version, code: codeOf(result.data) }
          : null;
      }}
    />
  );
}

const backLink = (kind: string, ref: PageRef) => `/${kind}/${ref.funnel}/steps/${ref.step}`;

function isTyping(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

type Reloaded = { config: unknown; version: number; code: PageCode };

const codeOfPopup = (popup: Popup): PageCode => ({ css: popup.css, html: '', head_js: '', body_js: '' });

/** One of the funnel's popups in the same editor; its save sends the document and custom CSS. */
function PopupEditorScreen({
  pageBase,
  funnelId,
  popupId,
}: {
  pageBase: string;
  funnelId: number;
  popupId: number;
}) {
  const location = useLocation();
  const base = `${pageBase}/popup/${popupId}`;
  const tail = routeTail(location.pathname.slice(base.length));
  const query = useQuery({
    queryKey: popupKeys.one(popupId),
    queryFn: () => fetchPopup(popupId),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const loaded = useMemo(() => {
    if (!query.data) return null;
    try {
      const document = migrateDocument(query.data.config, { kind: 'page' });
      return { document, code: codeOfPopup(query.data), version: query.data.version };
    } catch (error) {
      if (error instanceof CorruptDocumentError) return null;
      throw error;
    }
  }, [query.data]);
  const save = useCallback<SaveDocument>(
    (data) => savePopup(popupId, { config: data.config, version: data.version, css: data.css }),
    [popupId],
  );
  if (query.isPending) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (!query.data || !loaded) {
    return (
      <Center h="100vh" p="xl">
        <Box maw={520} w="100%">
          <ErrorBox
            message={query.error?.message ?? CORRUPT_DOCUMENT_MESSAGE}
            back={{ to: pageBase, label: 'Back to the page' }}
          />
        </Box>
      </Center>
    );
  }
  if (tail.preview)
    return <PagePreview document={loaded.document} code={loaded.code} title={query.data.name} />;
  return (
    <PageEditor
      save={save}
      funnelId={funnelId}
      pageBase={pageBase}
      popupId={popupId}
      base={base}
      backTo={pageBase}
      title={`Popup · ${query.data.name}`}
      initial={loaded}
      tail={tail}
      reload={async () => {
        const result = await query.refetch();
        return result.data
          ? { config: result.data.config, version: result.data.version, code: codeOfPopup(result.data) }
          : null;
      }}
    />
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
  const Icon = item.source === 'palette' ? PALETTE_ICONS[item.type as PaletteType] : null;
  return (
    <div className={classes.dragChip}>
      {Icon && <Icon size={16} />}
      {label}
    </div>
  );
}

function PageEditor({
  save,
  funnelId,
  pageBase,
  popupId,
  base,
  backTo,
  title,
  initial,
  tail,
  reload,
}: {
  save: SaveDocument;
  funnelId: number;
  /** The page's editor route (the popups panel links popups below it). */
  pageBase: string;
  /** The popup being edited, when this is the popup editor. */
  popupId?: number;
  base: string;
  backTo: string;
  title: string;
  initial: { document: EditorDocument; code: PageCode; version: number };
  tail: ReturnType<typeof routeTail>;
  reload: () => Promise<Reloaded | null>;
}) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(editorReducer, initial, (start) => ({
    ...initialEditorState(start.document, start.code, start.version),
    selected: tail.panel === 'settings' ? ('page' as const) : tail.id,
  }));
  const { status, error, saveNow, unblock, dirty } = usePageSave(save, state, dispatch);
  const frameRef = useRef<HTMLDivElement | null>(null);
  const { store: dragStore, handlers } = useCanvasDnd(frameRef, dispatch);
  const [paymentsOpen, setPaymentsOpen] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );

  const edit = useCallback((action: EditorAction) => dispatch({ type: 'edit', action }), []);
  const context = useMemo<EditorContextValue>(() => ({ state, dispatch, edit }), [state, edit]);

  const go = useCallback((path: string) => navigate(`${base}${path}`, { replace: true }), [navigate, base]);

  // The URL follows the open panel and the selection, so reload and Back land on the same place.
  useEffect(() => {
    const { selected } = state;
    if (tail.code || tail.preview) return;
    if (selected === 'page' && tail.panel !== 'settings') go('/settings');
    else if (
      typeof selected === 'number' &&
      (tail.panel === 'layout' || tail.panel === 'properties') &&
      tail.id !== selected
    ) {
      go(`/${tail.panel}/${selected}`);
    } else if (selected === null && tail.id !== null) go(`/${tail.panel}`);
  }, [state.selected, tail.panel, tail.id, tail.code, tail.preview, go, state]);

  const openPanel = (panel: Panel) => {
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
    if (id === 'page') go('/settings');
    else if (tail.panel !== 'layout') go(`/properties/${id}`);
  };

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = UNLOAD_WARNING;
      return UNLOAD_WARNING;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(({ nextLocation }) => dirty && !nextLocation.pathname.startsWith(base));

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

  const preview = async () => {
    const saved = await saveNow();
    if (saved) window.open(`${base}/preview`, '_blank');
  };

  const reloadPage = async () => {
    const page = await reload();
    if (!page) return;
    try {
      const document =
        page.config === null ? emptyDocument('page') : migrateDocument(page.config, { kind: 'page' });
      dispatch({ type: 'load', document, code: page.code, version: page.version });
      unblock();
    } catch {
      window.location.reload();
    }
  };

  const selectedNode =
    typeof state.selected === 'number' ? findNode(state.history.present, state.selected) : undefined;
  const panel = PANELS.find((item) => item.key === tail.panel) ?? PANELS[0]!;
  return (
    <EditorContext.Provider value={context}>
      <DndContext sensors={sensors} {...handlers}>
        <DragStoreContext.Provider value={dragStore}>
          <div className={classes.shell}>
            <EditorToolbar
              title={title}
              backTo={backTo}
              backLabel={popupId === undefined ? 'Back to the step' : 'Back to the page'}
              status={status}
              dirty={dirty}
              onSave={() => void saveNow()}
              onCode={() => go('/code')}
              onPreview={() => void preview()}
            />
            <div className={classes.body}>
              <nav className={classes.rail} aria-label="Editor panels">
                {PANELS.map((item) => (
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
                  aria-label="Code"
                  data-active={tail.code || undefined}
                  onClick={() => go('/code')}
                >
                  <IconCode size={20} stroke={1.6} />
                  Code
                </button>
              </nav>
              <aside className={classes.panel} aria-label={panel.title}>
                <div className={classes.panelHeader}>
                  <Text fw={700} size="sm">
                    {panel.title}
                  </Text>
                  {panel.key === 'add' && (
                    <Text size="xs" c="dimmed">
                      Drag onto the page, or click to add after the selection
                    </Text>
                  )}
                </div>
                <div className={classes.panelBody}>
                  {panel.key === 'add' && <PalettePanel />}
                  {panel.key === 'layout' && <LayoutPanel />}
                  {panel.key === 'properties' && (
                    <PropertiesPanel onPaymentMethods={() => setPaymentsOpen(true)} />
                  )}
                  {panel.key === 'settings' && <PageSettingsPanel />}
                  {panel.key === 'popups' && (
                    <PopupsPanel funnelId={funnelId} pageBase={pageBase} current={popupId} />
                  )}
                </div>
              </aside>
              <EditorCanvas frameRef={frameRef} onPick={pick} />
            </div>
          </div>
          <DragOverlay dropAnimation={null}>
            <DragChip />
          </DragOverlay>
        </DragStoreContext.Provider>
      </DndContext>
      <CodePopup
        opened={tail.code}
        code={state.code}
        onClose={() =>
          go(
            selectedNode
              ? `/properties/${selectedNode.kind === 'section' ? selectedNode.section.id : selectedNode.kind === 'row' ? selectedNode.row.id : selectedNode.block.id}`
              : '',
          )
        }
        onApply={(code) => dispatch({ type: 'code', code })}
      />
      <PaymentMethodsPopup
        opened={paymentsOpen}
        chosen={state.history.present.settings.paymentMethods ?? []}
        onClose={() => setPaymentsOpen(false)}
        onApply={(ids) => edit({ type: 'setNodeValue', id: 'page', path: ['paymentMethods'], value: ids })}
      />
      <Modal
        opened={status === 'conflict'}
        onClose={() => undefined}
        withCloseButton={false}
        title="This page was changed elsewhere"
      >
        <Stack>
          <Text size="sm">
            {error ?? 'This page was changed elsewhere; reload it to see the latest version'}. Your latest
            changes here were not saved.
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => void reloadPage()}>Reload the page</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Save changes?">
        <Stack>
          <Text size="sm">You have unsaved changes on this page.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.proceed?.()}>
              Ignore changes
            </Button>
            <Button
              onClick={async () => {
                if (await saveNow()) blocker.proceed?.();
                else blocker.reset?.();
              }}
            >
              Save changes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </EditorContext.Provider>
  );
}
