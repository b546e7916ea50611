import { STEP_TYPES } from '@funnelwork/domain/funnels/rules';
import { describe, expect, test } from 'vitest';
import { validateDocument } from '../document/schema.ts';
import { renderPage } from '../render/render-page.tsx';
import { findStepTemplate, STEP_TEMPLATES } from './catalogue.ts';

describe('built-in step templates', () => {
  test('every step type of the spec has at least one template', () => {
    for (const { value } of STEP_TYPES) {
      expect(
        STEP_TEMPLATES.filter((template) => template.stepType === value).length,
        `step type ${value}`,
      ).toBeGreaterThan(0);
    }
  });

  test('ids are unique, never user template ids, and name their thumbnail', () => {
    const ids = STEP_TEMPLATES.map((template) => template.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const template of STEP_TEMPLATES) {
      expect(template.id).toMatch(/^[a-z0-9-]+$/);
      expect(template.thumbnailUrl).toBe(`/templates/${template.id}.png`);
      expect(template.name).not.toBe('');
      expect(findStepTemplate(template.id)).toBe(template);
    }
    expect(findStepTemplate('U.1')).toBeUndefined();
  });

  test.each(STEP_TEMPLATES.map((template) => [template.id, template] as const))(
    '%s validates against the document schema and renders',
    (_, template) => {
      for (const page of template.pages) {
        const document = page.document();
        expect(validateDocument(document)).toEqual({ ok: true, document });
        expect(Object.keys(document.children).length).toBeGreaterThan(5);
        const { html, css } = renderPage(document);
        expect(html).not.toContain('data-node-id');
        expect(css).toContain('.fw-page{');
        // Every block of the template appears in the page.
        for (const id of Object.keys(document.children)) expect(html).toContain(`fw-n${id}`);
      }
    },
  );

  test('a template builds the same document every time (stable ids)', () => {
    for (const template of STEP_TEMPLATES) {
      expect(template.pages[0]!.document()).toEqual(template.pages[0]!.document());
    }
  });

  test('the step templates use the actions of their step types', () => {
    const html = (id: string) => renderPage(findStepTemplate(id)!.pages[0]!.document()).html;
    expect(html('checkout-two-step')).toContain('data-two-step-form');
    expect(html('checkout-two-step')).toContain('data-order-bump');
    expect(html('upsell-one-click')).toContain('data-action="yes-link"');
    expect(html('upsell-one-click')).toContain('data-action="next-step"');
    expect(html('downsell-essentials')).toContain('data-action="yes-link"');
    expect(html('thank-you-next-steps')).toContain('data-order-summary');
    expect(html('landing-lead-magnet')).toContain('name="email"');
    expect(html('other-workshop-sales')).toMatch(/href="#fw-\d+" data-action="goto-element"/);
  });
});
