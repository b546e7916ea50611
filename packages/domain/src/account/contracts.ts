import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { SUBDOMAIN_MIN_LENGTH } from '../shared/messages.ts';
import {
  SUBDOMAIN_CHARACTERS_MESSAGE,
  SUBDOMAIN_LONG_MESSAGE,
  SUBDOMAIN_MAX_LENGTH,
  SUBDOMAIN_PATTERN,
  SUBDOMAIN_SHORT_MESSAGE,
} from './subdomain.ts';

export const emailSchema = z.string().trim().toLowerCase().max(254).email('Enter a valid e-mail address');
export const passwordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');
/** A first, last or account name: trimmed, at most 100 characters. */
export const nameFieldSchema = z.string().trim().max(100);

export const signUpBodySchema = dataBody(
  z.object({
    email: emailSchema,
    password: passwordSchema,
    first_name: nameFieldSchema.min(1, 'First name is required'),
    last_name: nameFieldSchema.default(''),
    account_name: nameFieldSchema.min(1).optional(),
  }),
);
export const signUpAnswerSchema = dataAnswer(z.object({ email: z.string() }));
export type SignUpBody = z.input<typeof signUpBodySchema>;

/** OAuth-style form body of `POST users/sign_in`. */
export const signInFormSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().toLowerCase().min(1, 'E-mail is required').max(254),
  password: z.string().min(1, 'Password is required').max(200),
});
export const tokenAnswerSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

export const memberSchema = z.object({ first_name: z.string(), last_name: z.string(), email: z.string() });
export const memberAccountSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  /** Permissions as JSON text, as the spec's member_account carries them. */
  permissions: z.string(),
});

/** The spec's User / account entity: the user merged with the selected account. */
export const meSchema = z.object({
  id: z.number().int(),
  verified: z.boolean(),
  onboarding_finished: z.boolean(),
  time_zone: z.string(),
  created_at: z.string(),
  created: z.number().int(),
  account_id: z.number().int().nullable(),
  account_name: z.string().nullable(),
  plan_key: z.string().nullable(),
  plan_expiry_date: z.string().nullable(),
  rate_limit: z.string().nullable(),
  subdomain: z.string().nullable(),
  default_currency_code: z.string().nullable(),
  currency_code: z.string().nullable(),
  account_created_at: z.string().nullable(),
  /** The earliest of the account's creation and its first order, page view or opt-in: where 'All time' starts. */
  data_since: z.string().nullable(),
  /** Whether the user owns the selected account: onboarding (welcome, plan, first-sale checklist) is the owner's. */
  account_owner: z.boolean(),
  features: z.array(z.string()),
  member: memberSchema,
  member_account: memberAccountSchema.nullable(),
});
export type Me = z.infer<typeof meSchema>;
export const meAnswerSchema = dataAnswer(meSchema);

export const myAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string().nullable(),
  owner: z.boolean(),
  permissions: z.string(),
  role: z.string(),
});
export type MyAccount = z.infer<typeof myAccountSchema>;
export const myAccountsAnswerSchema = dataAnswer(z.array(myAccountSchema));

export const patchUserBodySchema = dataBody(
  z
    .object({
      first_name: nameFieldSchema.min(1, 'First name is required'),
      last_name: nameFieldSchema,
      onboarding_finished: z.boolean(),
    })
    .partial()
    .strict(),
);

export const changePasswordBodySchema = dataBody(
  z.object({
    current_password: z.string().min(1, 'Current password is required').max(200),
    password: passwordSchema,
  }),
);
export const requestPasswordResetBodySchema = dataBody(
  z.object({ email: emailSchema, captcha: z.string().max(2000).optional() }),
);
export const updatePasswordBodySchema = dataBody(
  z.object({
    email: emailSchema,
    vcode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The code is the 6 digits from the e-mail'),
    password: passwordSchema,
  }),
);

export const updateTimezoneQuerySchema = z.object({
  tz: z.string().min(1, 'Time zone is required').max(100),
  force: z.enum(['true', 'false', '1', '0']).optional(),
});
export const timezoneAnswerSchema = dataAnswer(z.object({ time_zone: z.string() }));
export const apiKeyAnswerSchema = dataAnswer(z.object({ api_key: z.string() }));

export const changeSubdomainBodySchema = dataBody(
  z.object({
    subdomain: z
      .string()
      .trim()
      .toLowerCase()
      .min(SUBDOMAIN_MIN_LENGTH, SUBDOMAIN_SHORT_MESSAGE)
      .max(SUBDOMAIN_MAX_LENGTH, SUBDOMAIN_LONG_MESSAGE)
      .regex(SUBDOMAIN_PATTERN, SUBDOMAIN_CHARACTERS_MESSAGE),
  }),
);
export const changeSubdomainAnswerSchema = dataAnswer(z.object({ subdomain: z.string() }));

export const accountSettingsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string().nullable(),
  default_currency_code: z.string(),
  plan_key: z.string(),
  plan_expiry_date: z.string().nullable(),
  created_at: z.string(),
});
export const patchAccountBodySchema = dataBody(
  z
    .object({
      name: nameFieldSchema.min(1, 'Account name is required'),
      default_currency_code: z.string().regex(/^[A-Z]{3}$/, 'Currency is a three-letter code'),
    })
    .partial()
    .strict(),
);
