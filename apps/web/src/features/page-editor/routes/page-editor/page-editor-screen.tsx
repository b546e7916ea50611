import {
  blockHasPlaceholderLink,
  CORRUPT_DOCUMENT_MESSAGE,
  CorruptDocumentError,
  emptyDocument,
  migrateDocument,
} from '@funnelwork/blocks';
import type { Popup } from '@funnelwork/domain';
import { Box, Center, Loader } from '@mantine/core';
import { IconAppWindow, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useCallback, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { AccessDeniedScreen } from '../../../../shared/access-denied-screen.tsx';
import { ApiError } from '../../../../shared/api-client.ts';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { useDeferredQuery } from '../../../../shared/use-deferred-query.ts';
import {
  type DocumentCode,
  DocumentPreview,
  Editor,
  type LoadedDocument,
  routeTail,
  type SaveDocument,
} from '../../../editor/index.ts';
import { useFunnelAccess } from '../../../funnels/access.ts';
import { useFunnelPublishing } from '../../../publishing/api.ts';
import { PagePublishBar } from '../../../publishing/components/page-publish-bar.tsx';
import { PageVersionsPanel } from '../../../publishing/components/page-versions-panel.tsx';
import { codeOf, fetchPage, type PageRef, pageEditorKeys, savePage } from '../../api.ts';
import { LinkToSetHint, PAGE_EDITOR_SERVICES, POPUP_EDITOR_SERVICES } from '../../components/page-fields.tsx';
import { PagePaymentMethodsPopup, PaymentMethodsButton } from '../../components/payment-methods-popup.tsx';
import { PopupsPanel } from '../../components/popups-panel.tsx';
import { PALETTE_GROUPS } from '../../palette.ts';
import { fetchPopup, popupKeys, savePopup } from '../../popups-api.ts';
import { SellableProvider, useShopperDocument } from '../../sellable.tsx';

/** The page editor, or (at `…/popup/{id}`) the editor of one of the funnel's popups. */
export function PageEditorScreen() {
  const params = useParams();
  const location = useLocation();
  const kind = location.pathname.startsWith('/page-editor/funnel/') ? 'funnel' : 'wfunnel';
  const base = `/page-editor/${kind}/${params.funnel}/steps/${params.step}/pages/${params.page}/${params.user}`;
  const popup = /^\/popup\/(\d+)/.exec(location.pathname.slice(base.length));
  const access = useFunnelAccess();
  // Staff without the editor permission meet the lock on 'Edit page'; typed by address, the same words.
  if (!access.editor)
    return (
      <AccessDeniedScreen
        permission="page editor"
        back={{ to: `/${kind}/${params.funnel}/steps/${params.step}`, label: 'Back to the step' }}
      />
    );
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

  // The editor's first render (~600 ms at 1×, its canvas and panels) is drawn at background priority, in
  // slices (use-deferred-query.ts). The loader stays until then.
  const answer = useDeferredQuery(query);
  const page = answer.data;
  const loaded = useMemo(() => {
    if (!page) return null;
    try {
      return pageDocument(page.config, page.version, codeOf(page));
    } catch (error) {
      if (error instanceof CorruptDocumentError) {
        // "Saved page config that cannot be parsed logs 'Page data seems corrupt …'"
        console.error(error.message, error.issues);
        return { corrupt: true as const };
      }
      throw error;
    }
  }, [page]);

  if (answer.isPending) {
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
  if (query.isError || !page || !loaded) {
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
  if (tail.preview) return <PagePreview document={loaded.document} code={loaded.code} title={page.name} />;
  return (
    <PageEditor
      key={`${ref.page}`}
      save={(data, options) => savePage(ref, data, options)}
      funnelId={ref.funnel}
      pageBase={base}
      base={base}
      back={{ to: backLink(kind, ref), label: 'Back to the step' }}
      title={page.name}
      publishing={{ ids: ref, published: page.published_revision }}
      initial={loaded}
      reload={async () => {
        const result = await query.refetch();
        return result.data
          ? pageDocument(result.data.config, result.data.version, codeOf(result.data))
          : null;
      }}
    />
  );
}

const backLink = (kind: string, ref: PageRef) => `/${kind}/${ref.funnel}/steps/${ref.step}`;

/** A stored page document, upgraded; throws CorruptDocumentError when it cannot be read. */
function pageDocument(config: unknown, version: number, code: DocumentCode): LoadedDocument {
  const document = config === null ? emptyDocument('page') : migrateDocument(config, { kind: 'page' });
  return { document, code, version };
}

const codeOfPopup = (popup: Popup): DocumentCode => ({ css: popup.css, html: '', head_js: '', body_js: '' });

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
      back={{ to: pageBase, label: 'Back to the page' }}
      title={`Popup · ${query.data.name}`}
      initial={loaded}
      reload={async () => {
        const result = await query.refetch();
        return result.data
          ? {
              document: migrateDocument(result.data.config, { kind: 'page' }),
              code: codeOfPopup(result.data),
              version: result.data.version,
            }
          : null;
      }}
    />
  );
}

/** The saved page (or popup) as the shopper will see it. */
function PagePreview(props: ComponentProps<typeof DocumentPreview>) {
  const shown = useShopperDocument(props.document);
  return <DocumentPreview {...props} document={shown} />;
}

/**
 * The editor with what a page lends it: the page palette, the funnel's popups (a panel, and a field of the
 * show-popup action), the products the step sells, and the payment form's payment methods.
 */
function PageEditor({
  save,
  funnelId,
  pageBase,
  popupId,
  base,
  back,
  title,
  publishing,
  initial,
  reload,
}: {
  save: SaveDocument;
  funnelId: number;
  /** The page's editor route (the popups panel links popups below it). */
  pageBase: string;
  /** The popup being edited, when this is the popup editor. */
  popupId?: number;
  base: string;
  back: { to: string; label: string };
  title: string;
  /** The page's draft and publish (not for popups): its ids and the draft version last published. */
  publishing?: { ids: PageRef; published: number | null };
  initial: LoadedDocument;
  reload: () => Promise<LoadedDocument | null>;
}) {
  const [paymentsOpen, setPaymentsOpen] = useState(false);
  const access = useFunnelAccess();
  const funnelPublishing = useFunnelPublishing(funnelId);
  // The answer of the last publish wins over the page as loaded.
  const [published, setPublished] = useState(publishing?.published ?? null);
  return (
    <Editor
      initial={initial}
      palette={PALETTE_GROUPS}
      onSave={save}
      onReload={reload}
      base={base}
      title={title}
      back={back}
      services={popupId === undefined ? PAGE_EDITOR_SERVICES : POPUP_EDITOR_SERVICES}
      toolbarExtras={
        publishing && (
          <PagePublishBar
            ids={publishing.ids}
            published={published}
            live={funnelPublishing.data?.live ?? false}
            canPublish={access.editor}
            onPublished={setPublished}
          />
        )
      }
      panels={[
        ...(publishing
          ? [
              {
                key: 'versions',
                label: 'Versions',
                title: 'Versions',
                icon: IconHistory,
                content: <PageVersionsPanel ids={publishing.ids} canRestore={access.editor} />,
              },
            ]
          : []),
        {
          key: 'popups',
          label: 'Popups',
          title: 'Popups',
          icon: IconAppWindow,
          content: <PopupsPanel funnelId={funnelId} pageBase={pageBase} current={popupId} />,
        },
      ]}
      blockActions={(block) => (
        <>
          {block.type === 'paymentForm' && <PaymentMethodsButton onClick={() => setPaymentsOpen(true)} />}
          {blockHasPlaceholderLink(block) && <LinkToSetHint />}
        </>
      )}
      overlays={<PagePaymentMethodsPopup opened={paymentsOpen} onClose={() => setPaymentsOpen(false)} />}
    />
  );
}
