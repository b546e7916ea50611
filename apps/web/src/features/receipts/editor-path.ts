import type { Receipt } from '@funnelwork/domain';

/**
 * The e-mail editor's route of a receipt's design: the global editor (spec §2.4
 * `/email-editor/global/{automation}/{user}/{key}`), with automation 0 (a receipt belongs to no
 * automation), the design's author and its template id; null while the receipt has no design of its own.
 */
export function receiptEditorPath(receipt: Receipt): string | null {
  if (receipt.email_template_id === null || receipt.email_template_user_id === null) return null;
  return `/email-editor/global/0/${receipt.email_template_user_id}/${receipt.email_template_id}`;
}
