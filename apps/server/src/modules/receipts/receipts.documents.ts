import { type EditorAction, type EditorDocument, emptyDocument, reduce } from '@funnelwork/blocks';
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

function applied(document: EditorDocument, action: EditorAction): EditorDocument {
  const result = reduce(document, action);
  if (!result.ok) throw new Error(`receipt document: ${result.error.message}`);
  return result.document;
}

/** The built-in design of a receipt: one section, one row, its blocks with the e-mail defaults. */
export function defaultReceiptDocument(kind: ReceiptKind): EditorDocument {
  let document = applied(emptyDocument('email'), { type: 'addSection' });
  const sectionId = document.content[0]?.id as number;
  document = applied(document, { type: 'addRow', sectionId });
  const rowId = Number(Object.keys(document.rows)[0]);
  for (const [index, part] of PARTS[kind].entries()) {
    const before = new Set(Object.keys(document.children));
    document = applied(document, {
      type: 'addBlock',
      blockType: part.type,
      slot: { kind: 'column', rowId, column: 0 },
      index,
    });
    const id = Object.keys(document.children).find((key) => !before.has(key));
    const block = document.children[Number(id)];
    if (!block) throw new Error('receipt document: block not added');
    block.content = part.content;
  }
  return document;
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
