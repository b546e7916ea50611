import type { EmailTemplate, SharedEmailTemplate } from '@funnelwork/domain';
import { emailTemplatesEndpoints } from '@funnelwork/domain/api/email-templates';
import { ordersEndpoints } from '@funnelwork/domain/api/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callOrThrow, callPageOrThrow, type SentDataOf } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

export const emailEditorKeys = {
  template: (userId: number, id: number) => ['email-editor', 'template', userId, id] as const,
  list: (userId: number) => ['email-editor', 'templates', userId] as const,
  shared: ['email-editor', 'shared'] as const,
  versions: (userId: number, id: number) => ['email-editor', 'versions', userId, id] as const,
  version: (userId: number, id: number, versionId: number) =>
    ['email-editor', 'versions', userId, id, versionId] as const,
  orderChoices: (query: string) => ['email-editor', 'order-choices', query] as const,
  orderPreview: (template: EmailTemplate | null, orderId: number | null) =>
    ['email-editor', 'order-preview', template?.id, template?.updated_at, orderId] as const,
};

/** How many of the account's orders the preview's picker offers (the latest, or those matching). */
export const ORDER_CHOICES = 10;

/**
 * The orders the preview can be filled from: the account's latest, or those whose number, customer name
 * or e-mail contains `query` (the orders list's own search), archived ones included.
 */
export function useOrderChoices(query: string) {
  return useQuery({
    queryKey: emailEditorKeys.orderChoices(query),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await callPageOrThrow(ordersEndpoints.listOrders, {
          query: {
            per_page: ORDER_CHOICES,
            query: query === '' ? undefined : query,
            archived: 'all',
          },
        })
      ).data,
  });
}

/** The saved template filled with the merge values of one order of the account (HTML and text parts). */
export function useOrderPreview(template: EmailTemplate | null, orderId: number | null) {
  return useQuery({
    // Keyed by the saved version too: after a save the preview is the new version's.
    queryKey: emailEditorKeys.orderPreview(template, orderId),
    enabled: template !== null && orderId !== null,
    // The preview shows a failure in place of the e-mail.
    meta: { silent: true },
    queryFn: () =>
      callOrThrow(emailTemplatesEndpoints.getUserEmailTemplatePreview, {
        params: { userId: template?.user_id ?? 0, id: template?.id ?? 0 },
        query: { order_id: orderId ?? 0 },
      }),
  });
}

export function fetchTemplate(userId: number, id: number): Promise<EmailTemplate> {
  return callOrThrow(emailTemplatesEndpoints.getUserEmailTemplate, { params: { userId, id } });
}

export function fetchSharedTemplates(): Promise<SharedEmailTemplate[]> {
  return callOrThrow(emailTemplatesEndpoints.getEmailTemplatesShared);
}

/** What the editor saves of a template: its name, its document (JSON text) and custom CSS. */
export type TemplateSave = SentDataOf<typeof emailTemplatesEndpoints.createUserEmailTemplate>;

/** The editor's save of a stored template: what automations send next; each save is kept as a version. */
export function saveTemplate(userId: number, id: number, data: TemplateSave) {
  return call(emailTemplatesEndpoints.updateUserEmailTemplate, { params: { userId, id }, body: { data } });
}

/** The first save of a new template: "Create user email template … reads id". */
export function createTemplate(userId: number, data: TemplateSave) {
  return call(emailTemplatesEndpoints.createUserEmailTemplate, { params: { userId }, body: { data } });
}

/** "Start from a shared template": the user's own copy of a shared design. */
export function useStartFromShared(userId: number) {
  return useApiMutation({
    mutationFn: (sharedId: string) =>
      callOrThrow(emailTemplatesEndpoints.createUserEmailTemplatesFromShared, {
        params: { userId },
        body: { data: { shared_id: sharedId } },
      }),
    invalidates: [emailEditorKeys.list(userId)],
  });
}

/**
 * "Send test email: operation with code 1016, payload recipient and email_template_id; reads success."
 * The popup shows the outcome itself (step 2, or the error flag).
 */
export function useSendTestEmail() {
  return useApiMutation({
    mutationFn: (vars: { recipient: string; templateId: number }) =>
      callOrThrow(emailTemplatesEndpoints.createEmailTemplatesSendTest, {
        body: { data: { recipient: vars.recipient, email_template_id: vars.templateId } },
      }),
    invalidates: [],
    failure: () => null,
  });
}

/** The template's saves, newest first (issue 36 §2). */
export function useTemplateVersions(userId: number, id: number) {
  return useQuery({
    queryKey: emailEditorKeys.versions(userId, id),
    queryFn: () =>
      callOrThrow(emailTemplatesEndpoints.listUserEmailTemplateVersions, { params: { userId, id } }),
  });
}

export function useTemplateVersion(userId: number, id: number, versionId: number | null) {
  return useQuery({
    queryKey: emailEditorKeys.version(userId, id, versionId ?? 0),
    queryFn: () =>
      callOrThrow(emailTemplatesEndpoints.getUserEmailTemplateVersion, {
        params: { userId, id, versionId },
      }),
    enabled: versionId !== null,
  });
}

/** A save's design saved again as the template; the editor then loads it (`onSuccess` of the caller). */
export function useRestoreTemplateVersion(userId: number, id: number) {
  return useApiMutation({
    mutationFn: (versionId: number) =>
      callOrThrow(emailTemplatesEndpoints.restoreUserEmailTemplateVersion, {
        params: { userId, id, versionId },
      }),
    invalidates: [emailEditorKeys.versions(userId, id), emailEditorKeys.list(userId)],
    success: () => 'The version is restored: automations send it from now on.',
  });
}
