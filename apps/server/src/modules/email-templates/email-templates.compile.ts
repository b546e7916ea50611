import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { EditorDocument } from '@funnelwork/blocks';
import {
  type CompiledEmail,
  compileEmail,
  EmailCompileError,
  type MergeTemplate,
} from '@funnelwork/blocks/email';
import { HttpError } from '../../plugins/errors.ts';

/**
 * mjml's message names the file it read (the server's working directory when there is none); the
 * answer keeps the line and the tag: "Line 4 (mj-wrapper) — Attribute padding has invalid value …".
 */
export function compileProblem(message: string): string {
  return message.replace(/^Line (\d+) of .*? \((mj-[a-z-]+)\)/, 'Line $1 ($2)');
}

/** A part's text with its merge tags written back as `{{name}}` / `{{name|fallback}}`. */
export function mergeSource({ parts, tags }: MergeTemplate): string {
  let out = parts[0] ?? '';
  tags.forEach((tag, index) => {
    out += `{{${tag.name}${tag.fallback === '' ? '' : `|${tag.fallback}`}}}${parts[index + 1] ?? ''}`;
  });
  return out;
}

/**
 * The template's document compiled once, on save (its social icons linked under `assetBase`, the app's
 * public address): a document mjml refuses answers 400 naming
 * `data.config` with mjml's first message, and nothing is saved.
 */
export async function compiledDocument(
  document: EditorDocument,
  css: string,
  assetBase: string,
): Promise<CompiledEmail> {
  try {
    return await compileEmail(document, { css, assetBase });
  } catch (error) {
    if (error instanceof EmailCompileError) {
      const first = compileProblem(error.problems[0] ?? 'mjml refused the e-mail');
      throw new HttpError(400, `data.config: ${first}`, 'validation_error', 'data.config');
    }
    throw error;
  }
}

/** The preview links' HMAC key, derived (HKDF-SHA256) from the server's secret key. */
export function previewKeyFrom(serverSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'funnelwork', 'email-template-preview/v1', 32));
}

/** "…/preview-user-template/{templateId} with query parameters uid and key": HMAC-SHA256 over both. */
export function previewLinkKey(previewKey: Buffer, templateId: number, uid: number): string {
  return createHmac('sha256', previewKey)
    .update(`email-template/${templateId}/user/${uid}`)
    .digest('base64url');
}

/** A link's key checked in constant time; anything else (missing, malformed, another template's) is false. */
export function previewKeyMatches(
  previewKey: Buffer,
  templateId: number,
  uid: number,
  key: string | undefined,
): boolean {
  if (typeof key !== 'string') return false;
  const expected = Buffer.from(previewLinkKey(previewKey, templateId, uid));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function previewUrl(previewKey: Buffer, templateId: number, uid: number): string {
  const key = previewLinkKey(previewKey, templateId, uid);
  return `/preview-user-template/${templateId}?uid=${uid}&key=${key}`;
}
