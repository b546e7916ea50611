import type { Page } from '@funnelwork/domain';
import { stepsEndpoints } from '@funnelwork/domain/api/steps';
import { call } from '../../shared/api-client.ts';
import type { DocumentCode } from '../editor/index.ts';
import { type PageRef, pageParams } from './queries.ts';

export { type PageRef, pageEditorKeys } from './queries.ts';

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
