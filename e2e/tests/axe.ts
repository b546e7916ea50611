import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules issue 39 holds every screen and published page to: WCAG 2.0 A and AA, 2.1 AA, 2.2 AA. */
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * Documented exceptions: a rule and the part of a target's selector it is excused for, each with its reason.
 * Empty: nothing is excused today.
 */
const EXCEPTIONS: Array<{ rule: string; target: string; reason: string }> = [];

/** Every violation axe finds on the page as it is now, one line each: rule, impact, target and why. */
export async function violations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  // The exception: a frame sandboxed without any allowance (the e-mail designs' thumbnails, as sent) runs no
  // script, so axe cannot look inside; the designs are e-mails, not dashboard screens.
  builder = builder.exclude('iframe[sandbox=""]');
  const { violations } = await builder.analyze();
  const lines: string[] = [];
  for (const violation of violations)
    for (const node of violation.nodes) {
      const target = node.target.join(' ');
      if (EXCEPTIONS.some((e) => e.rule === violation.id && target.includes(e.target))) continue;
      // The contrast rule's figures, or the element itself for the others.
      const detail =
        /contrast of [^)]*\)/.exec(node.failureSummary ?? '')?.[0] ??
        `${node.html.replace(/\s+/g, ' ').slice(0, 160)} ${node.failureSummary?.replace(/\s+/g, ' ').slice(0, 200)}`;
      lines.push(`${violation.id} (${violation.impact}) ${target} — ${detail}`);
    }
  return lines;
}

/** Fails (softly, so one walk lists every screen's findings) on any violation, printing each. */
export async function expectAccessible(page: Page, where: string, include?: string) {
  const found = await violations(page, include);
  if (found.length) console.log(`${where}:\n  ${found.join('\n  ')}`);
  expect.soft(found, `axe on ${where}`).toEqual([]);
}
