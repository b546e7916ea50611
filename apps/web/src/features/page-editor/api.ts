import type { Page } from '@funnelwork/domain';
import { stepsEndpoints } from '@funnelwork/domain/api/steps';
import { call, callOrThrow } from '../../shared/api-client.ts';
import type { DocumentCode } from '../editor/index.ts';

/** Which page the editor edits: a page of a step of a funnel (spec §2.4 page-editor route). */
export type PageRef = { funnel: number; step: number; page: number };

/** The page's path parameters in the endpoint table. */
const pageParams = (ref: PageRef) => ({ id: ref.funnel, stepId: ref.step, pageId: ref.page });

export const pageEditorKeys = {
  page: (ref: PageRef) => ['page-editor', 'page', ref.funnel, ref.step, ref.page] as const,
  step: (ref: PageRef) => ['page-editor', 'step', ref.funnel, ref.step] as const,
};

export function fetchPage(ref: PageRef): Promise<Page> {
  return callOrThrow(stepsEndpoints.getWfunnelStepPage, { params: pageParams(ref) });
}

/** The editor's save; a stale `version` answers 409 (the page was changed elsewhere). */
export function savePage(
  ref: PageRef,
  data: { config: Record<string, unknown>; version: number } & DocumentCode,
  options: { keepalive?: boolean } = {},
) {
  return call(stepsEndpoints.updateWfunnelStepPage, { params: pageParams(ref), body: { data }, ...options });
}

export function codeOf(page: Page): DocumentCode {
  return { css: page.css, html: page.html, head_js: page.head_js, body_js: page.body_js };
}
