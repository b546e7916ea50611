import mjml2html from 'mjml';
import type { EditorDocument } from '../../document/schema.ts';
import { fillMergeTemplate, type MergeTemplate, type MergeValues, mergeTemplate } from './merge-tags.ts';
import { renderEmailText } from './plain-text.ts';
import { type EmailRenderOptions, renderEmailMjml } from './render-mjml.ts';

/** A template version compiled once: its HTML and text parts with their merge tags found. Plain JSON. */
export type CompiledEmail = { html: MergeTemplate; text: MergeTemplate };

/** The MJML did not compile: mjml's strict validation found these problems. */
export class EmailCompileError extends Error {
  constructor(readonly problems: string[]) {
    super(`The e-mail did not compile: ${problems.join('; ')}`);
  }
}

/**
 * An e-mail document through MJML to table-based, responsive HTML with inlined CSS, and its plain-text
 * part. Merge tags pass through untouched; `personaliseEmail` fills them per recipient.
 */
export async function compileEmail(
  document: EditorDocument,
  options: EmailRenderOptions = {},
): Promise<CompiledEmail> {
  const source = renderEmailMjml(document, options);
  let html: string;
  try {
    // No web-font links: mail clients fall back to the font stack, and no third party learns who opened.
    ({ html } = await mjml2html(source, {
      validationLevel: 'strict',
      keepComments: false,
      minify: false,
      fonts: {},
      ignoreIncludes: true,
      useMjmlConfigOptions: false,
      // Custom CSS is inlined by juice, which splits style attributes at every ';', also the one ending
      // `&quot;` (a quoted font name) and fails: entities are set aside while it works and put back.
      juicePreserveTags: { entity: { start: '&(?:[a-zA-Z][a-zA-Z0-9]*|#[0-9]+|#x[0-9a-fA-F]+);', end: '' } },
    }));
  } catch (error) {
    const errors = (error as { errors?: { formattedMessage: string }[] }).errors;
    if (errors) throw new EmailCompileError(errors.map((problem) => problem.formattedMessage));
    throw error;
  }
  return { html: mergeTemplate(squeezeLines(html)), text: mergeTemplate(renderEmailText(document)) };
}

/** Text whose whitespace is kept as written: left as it is by `squeezeLines`. */
const PREFORMATTED = /(<(pre|textarea)\b[\s\S]*?<\/\2\s*>)/gi;

/**
 * mjml's output indented, a third of it whitespace: every run of whitespace holding a line break
 * becomes one line break, which HTML shows the same (one space, or nothing between tags), outside
 * `<pre>` and `<textarea>`. Each recipient's copy is that much smaller to encode, send and store.
 */
export function squeezeLines(html: string): string {
  return html
    .split(PREFORMATTED)
    .map((piece, index) => {
      // split with two groups: [outside, whole match, tag name, outside, …]
      if (index % 3 === 1) return piece;
      if (index % 3 === 2) return '';
      return piece.replace(/[ \t]*\r?\n\s*/g, '\n');
    })
    .join('');
}

export type PersonalisedEmail = { html: string; text: string };

/** One recipient's copy: merge tags replaced (values HTML-escaped in the HTML part only). */
export function personaliseEmail(compiled: CompiledEmail, values: MergeValues): PersonalisedEmail {
  return {
    html: fillMergeTemplate(compiled.html, values, true),
    text: fillMergeTemplate(compiled.text, values, false),
  };
}
