import {
  CORRUPT_DOCUMENT_MESSAGE,
  CorruptDocumentError,
  type EditorDocument,
  emailWidth,
  emptyDocument,
  MERGE_TAGS,
  migrateDocument,
} from '@funnelwork/blocks';
import {
  EMAIL_TEMPLATE_NAME_REQUIRED,
  type EmailTemplate,
  type SharedEmailTemplate,
} from '@funnelwork/domain';
import { Box, Button, Center, Loader, TextInput } from '@mantine/core';
import { IconHistory, IconTemplate } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AccessDeniedScreen } from '../../../../shared/access-denied-screen.tsx';
import type { ApiResult } from '../../../../shared/api-client.ts';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { notifyError } from '../../../../shared/notices.ts';
import { useDeferredQuery } from '../../../../shared/use-deferred-query.ts';
import {
  type DocumentCode,
  Editor,
  type EditorServices,
  type EditorTexts,
  type LoadedDocument,
  PAGE_TEXTS,
  routeTail,
  type SaveDocument,
  useEditor,
} from '../../../editor/index.ts';
import { useFunnelAccess } from '../../../funnels/access.ts';
import {
  createTemplate,
  emailEditorKeys,
  fetchTemplate,
  saveTemplate,
  type TemplateSave,
  useStartFromShared,
} from '../../api.ts';
import { CopyPreviewLink } from '../../components/copy-preview-link.tsx';
import { EmailPreview } from '../../components/email-preview.tsx';
import { EmailVersionsPanel } from '../../components/email-versions-panel.tsx';
import { SendTestEmail } from '../../components/send-test-email.tsx';
import { SharedTemplatesPicker } from '../../components/shared-templates-picker.tsx';
import {
  automationsLink,
  clearEmailContext,
  type EmailContext,
  emailContextOf,
  emailEditorBase,
  storedEmailContext,
  storeEmailContext,
} from '../../email-context.ts';
import { EMAIL_PALETTE_GROUPS } from '../../palette.ts';

/** The editor core's words, about an e-mail. */
const EMAIL_TEXTS: EditorTexts = {
  ...PAGE_TEXTS,
  settingsLabel: 'E-mail',
  settingsTitle: 'E-mail settings',
  noun: 'e-mail',
  dropHint: 'Drag onto the e-mail, or click to add after the selection',
  emptyHint: 'Drag a Section from Add new element onto the e-mail, or add one here.',
  pickHint: 'Click an element of the e-mail, or pick one in Layout, to edit its properties.',
  editSettings: 'Edit e-mail settings',
  codeLabel: 'Code Editor',
  codeTitle: 'Code Editor',
  save: 'Save changes',
  unsaved: 'You have unsaved changes in this e-mail.',
};

/**
 * The canvas shows the e-mail as a mail client does: at its width (650 unless set, "Email default width
 * 650, maximum 1200"), centred in the view's width, so the view's device rules still answer to the
 * screen's width.
 */
const emailCanvasCss = (document: EditorDocument) =>
  `.pe-frame{background:#e9ecf1}.pe-frame .fw-page{max-width:${emailWidth(document.settings.width)}px;margin:0 auto}`;

const GO_BACK = 'Go back to automations';

/** Opens the shared templates picker (the empty e-mail's notice on the canvas). */
const OpenPickerContext = createContext<() => void>(() => undefined);

/** On an empty e-mail's canvas: start from a shared design instead. */
function EmptyEmailNotice({ document }: { document: EditorDocument }) {
  const openPicker = useContext(OpenPickerContext);
  if (document.content.length > 0) return null;
  return (
    <Center mb="md">
      <Button variant="light" leftSection={<IconTemplate size={16} />} onClick={openPicker}>
        Start from a shared template
      </Button>
    </Center>
  );
}

const EMAIL_SERVICES: Partial<EditorServices> = {
  texts: EMAIL_TEXTS,
  mergeTags: MERGE_TAGS,
  canvasCss: emailCanvasCss,
  CanvasNotice: EmptyEmailNotice,
};

/** The e-mail editor (spec §2.4, §2.9): a template of a member, in the editor core. */
export function EmailEditorScreen() {
  const location = useLocation();
  const context = useMemo(() => emailContextOf(location.pathname), [location.pathname]);
  const base = context ? emailEditorBase(context) : '';

  // "the editor's initial data (funnel, automation, token, user, key)"; "leaving the editor clears the
  // stored email context".
  useEffect(() => {
    if (!context) return;
    storeEmailContext(context);
    return () => clearEmailContext();
  }, [context]);
  const access = useFunnelAccess();

  if (!access.automations)
    return <AccessDeniedScreen permission="automations" back={{ to: '/automations', label: GO_BACK }} />;
  if (!context) {
    return (
      <Center h="100vh" p="xl">
        <Box maw={520} w="100%">
          <ErrorBox
            message="This e-mail link is not complete."
            back={{ to: '/automations', label: GO_BACK }}
          />
        </Box>
      </Center>
    );
  }
  return <EmailTemplateScreen key={base} context={context} base={base} />;
}

/**
 * `/email-editor/code` and `/email-editor/preview`: the code editor or preview of the e-mail open in this
 * tab (the stored e-mail context).
 */
export function EmailEditorShortcut({ to }: { to: 'code' | 'preview' }) {
  const context = storedEmailContext();
  if (!context) {
    return (
      <Center h="100vh" p="xl">
        <Box maw={520} w="100%">
          <ErrorBox
            title="No e-mail is open"
            message="Open an e-mail from its automation first."
            back={{ to: '/automations', label: GO_BACK }}
          />
        </Box>
      </Center>
    );
  }
  return <Navigate to={`${emailEditorBase(context)}/${to}`} replace />;
}

const NO_CODE: DocumentCode = { css: '', html: '', head_js: '', body_js: '' };

/** A stored template's document, upgraded; throws CorruptDocumentError when it cannot be read. */
function templateDocument(template: EmailTemplate): LoadedDocument {
  const document = migrateDocument(JSON.parse(template.config), { kind: 'email' });
  return { document, code: { ...NO_CODE, css: template.css }, version: 0 };
}

function loadedOf(template: EmailTemplate): LoadedDocument | 'corrupt' {
  try {
    return templateDocument(template);
  } catch (error) {
    if (error instanceof CorruptDocumentError || error instanceof SyntaxError) return 'corrupt';
    throw error;
  }
}

function EmailTemplateScreen({ context, base }: { context: EmailContext; base: string }) {
  const location = useLocation();
  const tail = routeTail(location.pathname.slice(base.length));
  const templateId = context.key === 'new' ? null : context.key;
  const back = automationsLink(context);
  const query = useQuery({
    queryKey: emailEditorKeys.template(context.user, templateId ?? 0),
    queryFn: () => fetchTemplate(context.user, templateId as number),
    enabled: templateId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  // The editor's first render (its canvas and panels) is drawn at background priority, in slices, as the
  // page editor's is (use-deferred-query.ts): the loader stays until then.
  const answer = useDeferredQuery(query);
  const template = answer.data;
  const loaded = useMemo(() => (template ? loadedOf(template) : null), [template]);

  if (templateId === null) {
    if (tail.preview) return <EmailPreview template={null} base={base} />;
    return (
      <EmailEditor
        context={context}
        base={base}
        back={back}
        templateId={null}
        previewUrl={null}
        initialName=""
        initial={{ document: emptyDocument('email'), code: NO_CODE, version: 0 }}
        reload={async () => null}
      />
    );
  }
  if (answer.isPending) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (answer.isError || !template || !loaded || loaded === 'corrupt') {
    return (
      <Center h="100vh" p="xl">
        <Box maw={560} w="100%">
          <ErrorBox
            title={loaded === 'corrupt' ? 'This e-mail cannot be opened' : undefined}
            message={loaded === 'corrupt' ? CORRUPT_DOCUMENT_MESSAGE : query.error?.message}
            back={back}
          />
        </Box>
      </Center>
    );
  }
  if (tail.preview) return <EmailPreview template={template} base={base} />;
  return (
    <EmailEditor
      context={context}
      base={base}
      back={back}
      templateId={templateId}
      previewUrl={template.preview_url}
      initialName={template.name}
      initial={loaded}
      reload={async () => {
        const result = await query.refetch();
        return result.data ? templateDocument(result.data) : null;
      }}
    />
  );
}

const failure = (message: string, field?: string): ApiResult<never> => ({
  error: message,
  info: { status: 400, data: message, ...(field && { field }) },
});

function EmailEditor({
  context,
  base,
  back,
  templateId,
  previewUrl,
  initialName,
  initial,
  reload,
}: {
  context: EmailContext;
  base: string;
  back: { to: string; label: string };
  templateId: number | null;
  /** The saved e-mail's signed preview address; null until it is first saved. */
  previewUrl: string | null;
  initialName: string;
  initial: LoadedDocument;
  reload: () => Promise<LoadedDocument | null>;
}) {
  const queryClient = useQueryClient();
  const canRestore = useFunnelAccess().automations;
  const [name, setName] = useState(initialName);
  const [savedName, setSavedName] = useState(initialName);
  const nameRef = useRef(name);
  nameRef.current = name;
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [picking, setPicking] = useState(templateId === null);
  const openPicker = useCallback(() => setPicking(true), []);

  const save = useCallback<SaveDocument>(
    async (data) => {
      const chosen = nameRef.current.trim();
      // "Email template name required on save: alert 'Please enter a template name'."
      if (chosen === '') {
        notifyError(EMAIL_TEMPLATE_NAME_REQUIRED, 'email-template-name');
        return failure(EMAIL_TEMPLATE_NAME_REQUIRED, 'data.name');
      }
      const body: TemplateSave = { name: chosen, config: JSON.stringify(data.config), css: data.css };
      if (templateId === null) {
        const created = await createTemplate(context.user, body);
        if (created.error !== undefined) {
          notifyError(created.error);
          return created;
        }
        setSavedName(chosen);
        setCreatedId(created.data.id);
        return { data: { version: 0 } };
      }
      const saved = await saveTemplate(context.user, templateId, body);
      if (saved.error !== undefined) {
        notifyError(saved.error);
        return saved;
      }
      queryClient.setQueryData(emailEditorKeys.template(context.user, templateId), saved.data);
      setSavedName(saved.data.name);
      return { data: { version: 0 } };
    },
    [context.user, templateId, queryClient],
  );

  return (
    <OpenPickerContext.Provider value={openPicker}>
      <Editor
        initial={initial}
        palette={EMAIL_PALETTE_GROUPS}
        onSave={save}
        onReload={reload}
        base={base}
        title={name}
        back={back}
        services={EMAIL_SERVICES}
        autosave={false}
        shellDirty={name !== savedName}
        settingsPanel={false}
        codeTabs={EMAIL_CODE}
        panels={
          templateId === null
            ? []
            : [
                {
                  key: 'versions',
                  label: 'Versions',
                  title: 'Versions',
                  icon: IconHistory,
                  content: (
                    <EmailVersionsPanel ids={{ userId: context.user, templateId }} canRestore={canRestore} />
                  ),
                },
              ]
        }
        titleSlot={
          <TextInput
            aria-label="Template title"
            placeholder="Template name"
            variant="unstyled"
            size="sm"
            fw={650}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            styles={{ input: { fontWeight: 650, height: 24, minHeight: 24 } }}
          />
        }
        toolbarExtras={
          <>
            <SendTestEmail templateId={templateId} />
            <CopyPreviewLink previewUrl={previewUrl} />
          </>
        }
        overlays={
          <>
            <SharedPicker
              context={context}
              templateId={templateId}
              opened={picking}
              onClose={() => setPicking(false)}
            />
            <AfterCreate context={context} createdId={createdId} />
          </>
        }
      />
    </OpenPickerContext.Provider>
  );
}

const EMAIL_CODE: readonly (keyof DocumentCode)[] = ['css'];

/** The first save of a new template moves the editor to the template's id, once nothing is unsaved. */
function AfterCreate({ context, createdId }: { context: EmailContext; createdId: number | null }) {
  const { dirty } = useEditor();
  const navigate = useNavigate();
  useEffect(() => {
    if (createdId !== null && !dirty)
      navigate(emailEditorBase({ ...context, key: createdId }), { replace: true });
  }, [createdId, dirty, context, navigate]);
  return null;
}

/**
 * The shared designs to start from: a new template is created on the server from the design; an empty
 * saved one takes the design's document as an edit (undoable, saved with Save changes).
 */
function SharedPicker({
  context,
  templateId,
  opened,
  onClose,
}: {
  context: EmailContext;
  templateId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { edit } = useEditor();
  const navigate = useNavigate();
  const start = useStartFromShared(context.user);
  const pick = (template: SharedEmailTemplate) => {
    if (templateId !== null) {
      edit({ type: 'applyTemplate', config: template.config });
      onClose();
      return;
    }
    start.mutate(template.id, {
      onSuccess: ({ id }) => {
        onClose();
        navigate(emailEditorBase({ ...context, key: id }), { replace: true });
      },
    });
  };
  return (
    <SharedTemplatesPicker
      opened={opened}
      busy={start.isPending}
      error={start.error?.message ?? null}
      onPick={pick}
      onClose={onClose}
    />
  );
}
