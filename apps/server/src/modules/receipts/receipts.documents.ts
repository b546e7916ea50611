import { type EditorDocument, TemplateBuilder } from '@funnelwork/blocks';
import { type CompiledEmail, compileEmail } from '@funnelwork/blocks/email';
import type { ReceiptKind } from '../../db/schema/index.ts';

/** The subject of each receipt unless the merchant wrote one (merge tags work here too). */
export const DEFAULT_RECEIPT_SUBJECTS: Record<ReceiptKind, string> = {
  order_confirmation: 'Order {{order_number}} confirmed',
  shipping_confirmation: 'Your order {{order_number}} is on its way',
};

/** The receipt's name where the merchant meets it (settings, the e-mail editor's title). */
export const RECEIPT_NAMES: Record<ReceiptKind, string> = {
  order_confirmation: 'Order confirmation',
  shipping_confirmation: 'Shipping confirmation',
};

type Part = { type: 'headline' | 'paragraph' | 'customHtml'; content: string };

/** What each built-in receipt says, block by block; `{{…}}` are merge tags the send fills. */
const PARTS: Record<ReceiptKind, Part[]> = {
  order_confirmation: [
    { type: 'headline', content: 'Thank you for your order, {{first_name|there}}!' },
    {
      type: 'paragraph',
      content: 'We have received your order <b>{{order_number}}</b> and are getting it ready.',
    },
    { type: 'customHtml', content: '{{order_lines}}' },
    { type: 'paragraph', content: 'Total: <b>{{order_total}}</b>' },
    { type: 'customHtml', content: '{{shipping_address}}' },
    { type: 'paragraph', content: 'Reply to this e-mail if you have any question about your order.' },
  ],
  shipping_confirmation: [
    { type: 'headline', content: 'Your order is on its way, {{first_name|there}}!' },
    { type: 'paragraph', content: 'Order <b>{{order_number}}</b> has been shipped.' },
    { type: 'paragraph', content: 'Tracking number: <b>{{tracking_number}}</b>' },
    {
      type: 'customHtml',
      content: '<a href="{{tracking_url}}" style="color:#1c7ed6">Track your package</a>',
    },
    { type: 'customHtml', content: '{{order_lines}}' },
    { type: 'customHtml', content: '{{shipping_address}}' },
  ],
};

/** Each receipt's seed: its ids are the same on every build, as the shared designs' are. */
const SEEDS: Record<ReceiptKind, number> = { order_confirmation: 7101, shipping_confirmation: 7102 };

/**
 * The built-in design of a receipt, built as the shared e-mail designs are (the editor's own structure
 * actions through TemplateBuilder): one section, one row, its blocks with the e-mail defaults.
 */
export function defaultReceiptDocument(kind: ReceiptKind): EditorDocument {
  const builder = new TemplateBuilder(SEEDS[kind], {}, 'email');
  const [slot] = builder.row(builder.section());
  if (!slot) throw new Error('receipt document: no column');
  for (const part of PARTS[kind]) builder.block(slot, part.type, { content: part.content });
  return builder.build();
}

const compiled = new Map<ReceiptKind, Promise<CompiledEmail>>();

/** The built-in design compiled once per process (a send only personalises it). */
export function defaultReceiptCompiled(kind: ReceiptKind): Promise<CompiledEmail> {
  let found = compiled.get(kind);
  if (!found) {
    found = compileEmail(defaultReceiptDocument(kind));
    found.catch(() => compiled.delete(kind));
    compiled.set(kind, found);
  }
  return found;
}
