import { CorruptDocumentError, migrateDocument, pageDocumentHtml, renderPage } from '@funnelwork/blocks';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { pages, steps } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';

/**
 * Served on the dashboard's origin, so the preview runs as a sandbox (an opaque origin without scripts):
 * the page's custom HTML block cannot reach the dashboard. Images may come from anywhere, as on the page.
 */
export const PREVIEW_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; media-src https: http:; frame-src https:; font-src https: data:";

/** A page of the account (of a live step) rendered as a whole HTML document with its custom CSS. */
export async function previewPage(db: Db, accountId: number, pageId: number): Promise<string> {
  const [page] = await db
    .select({ name: pages.name, config: pages.config, css: pages.css })
    .from(pages)
    .innerJoin(
      steps,
      and(eq(steps.id, pages.stepId), eq(steps.accountId, pages.accountId), isNull(steps.deletedAt)),
    )
    .where(and(ownedBy(pages, accountId), eq(pages.id, pageId)));
  if (!page) throw notFound('Page');
  let document: ReturnType<typeof migrateDocument>;
  try {
    document = migrateDocument(page.config, { kind: 'page' });
  } catch (error) {
    if (error instanceof CorruptDocumentError) throw new HttpError(422, error.message, 'corrupt_document');
    throw error;
  }
  const rendered = renderPage(document);
  const customCss = page.css.trim() === '' ? rendered : { ...rendered, css: `${rendered.css}\n${page.css}` };
  return pageDocumentHtml(
    { ...customCss, css: customCss.css.replace(/<\/(style)/gi, '<\\/$1') },
    { title: page.name },
  );
}
