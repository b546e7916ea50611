/**
 * The e-mail renderer for Node (`@funnelwork/blocks/email`): compiling needs the `mjml` package, which
 * stays out of the browser bundle; the package's main entry exports only the MJML text and merge tags.
 */
export { EMAIL_RENDERER_TYPES, type EmailBlockType } from './blocks.ts';
export {
  type CompiledEmail,
  compileEmail,
  EmailCompileError,
  type PersonalisedEmail,
  personaliseEmail,
} from './compile.ts';
export * from './merge-tags.ts';
export { renderEmailText } from './plain-text.ts';
export * from './render-mjml.ts';
export { EMAIL_SOCIAL_ICONS, emailSocialIconUrl } from './social-icons.ts';
