import type { EmailTemplate, SharedEmailTemplate } from '@funnelwork/domain';
import { type ApiResult, api, apiOrThrow } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

const templatesPath = (userId: number) => `users/${userId}/email-templates`;

export const emailEditorKeys = {
  template: (userId: number, id: number) => ['email-editor', 'template', userId, id] as const,
  list: (userId: number) => ['email-editor', 'templates', userId] as const,
  shared: ['email-editor', 'shared'] as const,
};

export function fetchTemplate(userId: number, id: number): Promise<EmailTemplate> {
  return apiOrThrow<EmailTemplate>('GET', `${templatesPath(userId)}/${id}`);
}

export function fetchSharedTemplates(): Promise<SharedEmailTemplate[]> {
  return apiOrThrow<SharedEmailTemplate[]>('GET', 'email-templates/shared');
}

/** What the editor saves of a template: its name, its document (JSON text) and custom CSS. */
export type TemplateSave = { name: string; config: string; css: string };

/** The editor's save of a stored template (e-mail templates keep no version: the last save wins). */
export function saveTemplate(
  userId: number,
  id: number,
  data: TemplateSave,
): Promise<ApiResult<EmailTemplate>> {
  return api<EmailTemplate>('PATCH', `${templatesPath(userId)}/${id}`, { body: { data } });
}

/** The first save of a new template: "Create user email template … reads id". */
export function createTemplate(userId: number, data: TemplateSave): Promise<ApiResult<{ id: number }>> {
  return api<{ id: number }>('POST', templatesPath(userId), { body: { data } });
}

/** "Start from a shared template": the user's own copy of a shared design. */
export function useStartFromShared(userId: number) {
  return useApiMutation({
    mutationFn: (sharedId: string) =>
      apiOrThrow<{ id: number }>('POST', `${templatesPath(userId)}/from-shared`, {
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
      apiOrThrow<{ success: boolean }>('POST', 'email-templates/send-test', {
        body: { data: { recipient: vars.recipient, email_template_id: vars.templateId } },
      }),
    invalidates: [],
    failure: () => null,
  });
}
