import { section as sectionItem } from '../catalogue/section.ts';
import type { EditorDocument, Section } from '../document/schema.ts';
import { type ActionResult, done } from './result.ts';
import { idAllocator, insertAt } from './tree.ts';

/** A new empty section at `index` of the page (the end when omitted). */
export type AddSectionAction = { type: 'addSection'; index?: number };

export function addSection(
  document: EditorDocument,
  action: AddSectionAction,
  random: () => number = Math.random,
): ActionResult {
  const id = idAllocator(document, random)();
  const section: Section = { id, attributes: sectionItem.defaults(), children: [] };
  return done({ ...document, content: insertAt(document.content, action.index, section) }, id);
}
