import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { idNumberOrDigits, idQuery, isStorableText, text } from '../shared/inputs.ts';

/** "Email template name required on save: alert 'Please enter a template name'." */
export const EMAIL_TEMPLATE_NAME_REQUIRED = 'Please enter a template name';

/** "Email template: id, name, html, css, tags, config (JSON string holding editor content, rows, children and page settings)." */
export const emailTemplateSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  html: z.string(),
  css: z.string(),
  tags: z.string(),
  config: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * "Email preview link: /preview-user-template/{templateId} with query parameters uid and key": this
   * template's link, relative to the dashboard; it opens without a session.
   */
  preview_url: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const emailTemplateBriefSchema = emailTemplateSchema.omit({ html: true, css: true, config: true });

const templateName = z
  .string()
  .trim()
  .min(1, EMAIL_TEMPLATE_NAME_REQUIRED)
  .max(200, 'Name must be at most 200 characters')
  .refine(isStorableText, 'may not hold NUL characters or broken Unicode');

const templateFields = {
  html: text(500_000),
  css: text(200_000),
  tags: text(1_000),
  /** The e-mail editor's document as JSON text; checked on the server against the document schema. */
  config: text(2_000_000),
};

/** "Create user email template: payload userId and data (name, html, id, css, tags, config); reads id." */
export const createEmailTemplateBodySchema = dataBody(
  z.object({
    name: templateName,
    id: z.unknown().optional(),
    html: templateFields.html.default(''),
    css: templateFields.css.default(''),
    tags: templateFields.tags.default(''),
    config: templateFields.config,
  }),
);
/** "Update: userId, id, data." */
export const patchEmailTemplateBodySchema = dataBody(
  z.object({
    name: templateName.optional(),
    html: templateFields.html.optional(),
    css: templateFields.css.optional(),
    tags: templateFields.tags.optional(),
    config: templateFields.config.optional(),
  }),
);
export const emailTemplateIdAnswerSchema = dataAnswer(z.object({ id: z.number().int() }));
export const userEmailTemplateParamsSchema = z.object({
  userId: idQuery(),
});
export const userEmailTemplateItemParamsSchema = userEmailTemplateParamsSchema.extend({
  id: idQuery(),
});

/** "Test recipient must match a standard e-mail pattern; … placeholder 'Type a valid email address'." */
export const TEST_RECIPIENT_INVALID = 'Type a valid email address';

const testRecipientSchema = z
  .string()
  .trim()
  .max(254, TEST_RECIPIENT_INVALID)
  .pipe(z.email(TEST_RECIPIENT_INVALID));

/** "Send test is disabled otherwise": the popup and the server check the recipient alike. */
export const isTestRecipient = (value: string): boolean => testRecipientSchema.safeParse(value).success;

/** "Send-test popup closes after 1.5 s." */
export const SEND_TEST_CLOSE_MS = 1_500;

/** "Send test email: operation with code 1016, payload recipient and email_template_id; reads success." */
export const sendTestEmailBodySchema = dataBody(
  z.object({
    recipient: testRecipientSchema,
    email_template_id: idNumberOrDigits(),
  }),
);

export const emailTemplatePreviewParamsSchema = z.object({ templateId: idQuery() });
export const emailTemplatePreviewQuerySchema = z.object({
  uid: z.string().optional(),
  key: z.string().optional(),
});

/** The e-mail editor's preview filled from an order of the account (issue 20): `?order_id=`. */
export const emailTemplateOrderPreviewQuerySchema = z.object({ order_id: idQuery() });

/**
 * "The preview can be filled from a real order of the account": the saved template personalised with
 * that order's merge values (HTML-escaped in the HTML part), as its receipt or an automation would send it.
 */
export const emailTemplateOrderPreviewSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  html: z.string(),
  text: z.string(),
});
export type EmailTemplateOrderPreview = z.infer<typeof emailTemplateOrderPreviewSchema>;

/** A shared e-mail template (issue 20): a design every account can start its own template from. */
export const sharedEmailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.string(),
  /** The design's editor document as JSON text, as a template's `config`. */
  config: z.string(),
  /** The design as it is sent, with sample values: the picker's thumbnail (a sandboxed frame). */
  preview_html: z.string(),
});
export type SharedEmailTemplate = z.infer<typeof sharedEmailTemplateSchema>;

/** "Start from a shared template": the user's new template is a copy of the design (name optional). */
export const startFromSharedBodySchema = dataBody(
  z.object({
    shared_id: z.string().trim().min(1, 'Choose a shared template').max(100),
    name: templateName.optional(),
  }),
);

/** One save of an e-mail template, as the e-mail editor's Versions panel lists it (issue 36 §2). */
export const emailTemplateVersionSchema = z.object({
  id: z.number().int(),
  template_id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  /** Who saved it: their name, or '' when unknown (a deleted person). */
  user_name: z.string(),
  /** The newest save: what automations send now. */
  current: z.boolean(),
});
export type EmailTemplateVersion = z.infer<typeof emailTemplateVersionSchema>;
export const emailTemplateVersionListAnswerSchema = dataAnswer(z.array(emailTemplateVersionSchema));

export const emailTemplateVersionDetailSchema = emailTemplateVersionSchema.extend({
  content: z.object({ name: z.string(), config: z.string(), css: z.string(), html: z.string() }),
  /** Blocks added, removed and edited in the current template since this version, by block id. */
  changes: z.object({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    edited: z.array(z.string()),
  }),
});
export type EmailTemplateVersionDetail = z.infer<typeof emailTemplateVersionDetailSchema>;
export const emailTemplateVersionAnswerSchema = dataAnswer(emailTemplateVersionDetailSchema);

export const emailTemplateVersionParamsSchema = userEmailTemplateItemParamsSchema.extend({
  versionId: idQuery(),
});
