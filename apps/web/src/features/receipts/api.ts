import type { MailSettings, ReceiptKindValue } from '@funnelwork/domain';
import { mailSettingsEndpoints } from '@funnelwork/domain/api/mail-settings';
import { receiptsEndpoints } from '@funnelwork/domain/api/receipts';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow, type SentDataOf } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

export const receiptKeys = { all: ['receipts'] as const };

/** The e-mails the store sends by itself (order and shipping confirmations). */
export function useReceipts() {
  return useQuery({
    queryKey: receiptKeys.all,
    queryFn: () => callOrThrow(receiptsEndpoints.listReceipts),
  });
}

export type ReceiptChange = { kind: ReceiptKindValue } & SentDataOf<typeof receiptsEndpoints.updateReceipt>;

/** Switches a receipt on or off, or sets its subject or design; a refused subject shows beside it. */
export function useUpdateReceipt() {
  return useApiMutation({
    mutationFn: ({ kind, ...data }: ReceiptChange) =>
      callOrThrow(receiptsEndpoints.updateReceipt, { params: { kind }, body: { data } }),
    invalidates: [receiptKeys.all],
    success: (receipt) => `${receipt.name} saved`,
  });
}

/** Copies the built-in design into the member's e-mail templates, for the e-mail editor. */
export function useCustomizeReceipt() {
  return useApiMutation({
    mutationFn: (kind: ReceiptKindValue) =>
      callOrThrow(receiptsEndpoints.customizeReceipt, { params: { kind } }),
    invalidates: [receiptKeys.all],
  });
}

export const mailSettingsKeys = { all: ['mail-settings'] as const };

/** The account's sender name and address, reply-to and DKIM (the key itself is never read back). */
export function useMailSettings() {
  return useQuery({
    queryKey: mailSettingsKeys.all,
    queryFn: () => callOrThrow(mailSettingsEndpoints.listMailSettings),
  });
}

export type MailSettingsChange = Partial<Omit<MailSettings, 'dkim_configured'>> & {
  dkim_private_key?: string;
};

/** Saves the sending settings; a refused field shows beside it. */
export function useUpdateMailSettings() {
  return useApiMutation({
    mutationFn: (data: MailSettingsChange) =>
      callOrThrow(mailSettingsEndpoints.updateMailSettings, { body: { data } }),
    invalidates: [mailSettingsKeys.all],
    success: () => 'Sending settings saved',
  });
}
