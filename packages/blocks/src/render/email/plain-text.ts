import { formatTimer } from '@funnelwork/domain/shared/timer';
import { convert } from 'html-to-text';
import type { LinkAction } from '../../catalogue/link-actions.ts';
import type { Block } from '../../catalogue/registry.ts';
import type { EditorDocument } from '../../document/schema.ts';
import { sanitizeInlineHtml } from '../inline-html.ts';
import { safeHref } from '../links.ts';
import { sanitizeEmailHtml } from './email-html.ts';

/** Rich text and custom HTML as text: links as "text [url]", no line wrapping (mail clients wrap). */
function htmlText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [{ selector: 'img', format: 'skip' }],
  }).trim();
}

function urlOf(action: LinkAction): string | undefined {
  return action.type === 'goto-url' ? safeHref(action.url) : undefined;
}

const withUrl = (text: string, url: string | undefined) => (url === undefined ? text : `${text} [${url}]`);

/** One block's lines of the plain-text part; blocks with nothing to read give none. */
function blockText(block: Block, document: EditorDocument): string[] {
  switch (block.type) {
    case 'headline':
    case 'paragraph':
      return [htmlText(sanitizeInlineHtml(block.content ?? ''))];
    case 'customHtml':
      return [htmlText(sanitizeEmailHtml(block.content ?? ''))];
    case 'button': {
      const { headline, subHeadline, action } = block.attributes.basic;
      return [withUrl([headline.text, subHeadline.text].filter(Boolean).join(' — '), urlOf(action))];
    }
    case 'formButton':
      return [block.attributes.basic.label];
    case 'link':
      return [withUrl(block.content ?? '', urlOf(block.attributes.basic.action))];
    case 'image': {
      const { alt, action } = block.attributes.basic;
      const url = urlOf(action);
      return alt === '' && url === undefined ? [] : [withUrl(alt, url)];
    }
    case 'video': {
      const url = safeHref(block.attributes.basic.url);
      return url === undefined ? [] : [`Video: ${url}`];
    }
    case 'social':
      return block.attributes.basic.items
        .filter((item) => item.status && safeHref(item.url) !== undefined)
        .map((item) => withUrl(item.title, safeHref(item.url)));
    case 'menu':
      return [
        block.attributes.basic.items.map((item) => withUrl(item.title, safeHref(item.url))).join(' | '),
      ];
    case 'timer': {
      const { labels } = block.attributes.basic;
      const display = formatTimer(block.attributes.basic);
      return [
        `${display.hours} ${labels.hours} : ${display.minutes} ${labels.minutes} : ${display.seconds} ${labels.seconds}`,
      ];
    }
    case 'progressBar': {
      const { value } = block.attributes.basic;
      return [value.labelText === '' ? `${value.valueNumber.number}%` : value.labelText];
    }
    case 'productList':
      return block.attributes.basic.entries.map(
        (entry) => `${entry.title} — ${entry.pcs} pcs — ${entry.price.toFixed(2)}`,
      );
    case 'formElement': {
      const { label, showLabel } = block.attributes.basic;
      return showLabel ? [label] : [];
    }
    case 'orderBump': {
      const { headline, content } = block.attributes.basic;
      return [headline, content].filter(Boolean);
    }
    case 'twoStepForm':
      return block.attributes.basic.header.flatMap((step) => [
        step.title,
        step.subtitle,
        ...blocksText(step.step === 1 ? block.step1Children : block.step2Children, document),
      ]);
    case 'spacer':
    case 'formSpacer':
      return ['---'];
    default:
      return [];
  }
}

function blocksText(ids: readonly number[], document: EditorDocument): string[] {
  return ids.flatMap((id) => {
    const block = document.children[id];
    return block ? blockText(block, document) : [];
  });
}

/**
 * The plain-text part, read from the document rather than from the HTML: each block's words in reading
 * order (sections, rows, columns), separated by blank lines, with link targets in brackets.
 */
export function renderEmailText(document: EditorDocument): string {
  const lines: string[] = [];
  for (const section of document.content) {
    for (const rowId of section.children) {
      const row = document.rows[rowId];
      if (!row) continue;
      for (const column of row.cols) lines.push(...blocksText(column.children, document));
    }
  }
  return `${lines.filter((line) => line.trim() !== '').join('\n\n')}\n`;
}
