import type { ConnectField, UserIntegration } from '@funnelwork/domain/integrations/contracts';

/**
 * The connect form of an API integration (Mailchimp, GA4, Shopify …), drawn from the catalogue's
 * `connect_fields`: what each field starts with, and what is sent. Secrets are never answered by the
 * server, so a connected integration's secret fields start empty and an empty one keeps the stored secret.
 */
export function initialConnectValues(
  fields: ConnectField[],
  connection: UserIntegration | undefined,
): Record<string, string> {
  return Object.fromEntries(
    fields
      .filter((field) => field.type !== 'events')
      .map((field) => {
        const stored = field.type === 'secret' ? undefined : connection?.settings[field.key];
        return [field.key, typeof stored === 'string' ? stored : ''];
      }),
  );
}

/** The values to POST as `fields`: trimmed text, every field present (the server names a missing one). */
export function connectFieldsToSend(
  fields: ConnectField[],
  values: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    fields
      .filter((field) => field.type !== 'events')
      .map((field) => [field.key, (values[field.key] ?? '').trim()]),
  );
}

/** Whether a secret field may be left empty: the connection holds that secret already. */
export function keepsSecret(field: ConnectField, connection: UserIntegration | undefined): boolean {
  return field.type === 'secret' && connection?.connected === true && connection.secrets.includes(field.key);
}
