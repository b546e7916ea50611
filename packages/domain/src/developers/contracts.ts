import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { idQuery, isStorableText, requiredText, UNSTORABLE_MESSAGE } from '../shared/inputs.ts';
import { API_SCOPES, DEVELOPER_APP_NAME_MAX, HOOK_EVENTS } from './rules.ts';

const scopesSchema = z
  .array(z.enum(API_SCOPES, { error: `must be one of ${API_SCOPES.join(', ')}` }))
  .min(1, 'Choose at least one scope')
  .max(API_SCOPES.length)
  .transform((scopes) => [...new Set(scopes)]);

/** One API key as lists show it: never the key itself, which is shown once when it is made. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  /** The key's first characters, e.g. "fw_AbCd1234". */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const developerAppSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  created_at: z.string(),
  keys: z.array(apiKeySchema),
});
export type DeveloperApp = z.infer<typeof developerAppSchema>;

export const developerAppsAnswerSchema = dataAnswer(z.array(developerAppSchema));
export const developerAppAnswerSchema = dataAnswer(developerAppSchema);

export const createDeveloperAppBodySchema = dataBody(
  z.object({ name: requiredText('Name', DEVELOPER_APP_NAME_MAX), scopes: scopesSchema }),
);
export type CreateDeveloperAppInput = z.input<typeof createDeveloperAppBodySchema>['data'];
export const updateDeveloperAppBodySchema = dataBody(
  z.object({
    name: requiredText('Name', DEVELOPER_APP_NAME_MAX).optional(),
    scopes: scopesSchema.optional(),
  }),
);
export type UpdateDeveloperAppInput = z.input<typeof updateDeveloperAppBodySchema>['data'];

/** A new key: `key` is in this answer only; the server keeps its SHA-256. */
export const newApiKeyAnswerSchema = dataAnswer(apiKeySchema.extend({ key: z.string() }));
export type NewApiKey = z.infer<typeof newApiKeyAnswerSchema>['data'];

export const developerAppKeyParamsSchema = z.object({ id: idQuery(), keyId: idQuery() });

/** A REST-hook subscription (Zapier's shape): events of one type POSTed to one URL. */
export const hookSchema = z.object({
  id: z.number().int(),
  target_url: z.string(),
  event: z.enum(HOOK_EVENTS),
  created_at: z.string(),
});
export type Hook = z.infer<typeof hookSchema>;
export const hooksAnswerSchema = dataAnswer(z.array(hookSchema));
/** `secret` signs this subscription's deliveries; it is in this answer only. */
export const newHookAnswerSchema = dataAnswer(hookSchema.extend({ secret: z.string() }));

/** `POST hooks` takes Zapier's REST-hook body as is: `{target_url, event}`, not wrapped in `data`. */
export const subscribeHookBodySchema = z.object({
  target_url: z
    .string()
    .max(2000, 'must be at most 2000 characters')
    .refine(isStorableText, UNSTORABLE_MESSAGE)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '';
      } catch {
        return false;
      }
    }, 'must be an http or https URL'),
  event: z.enum(HOOK_EVENTS, { error: `must be one of ${HOOK_EVENTS.join(', ')}` }),
});
