/** The e-mails every store sends without an automation (issue 20, "Receipts by default"). */
export const RECEIPT_KIND_VALUES = ['order_confirmation', 'shipping_confirmation'] as const;
export type ReceiptKindValue = (typeof RECEIPT_KIND_VALUES)[number];

/** A receipt's own subject, at most this long. */
export const RECEIPT_SUBJECT_MAX = 200;
