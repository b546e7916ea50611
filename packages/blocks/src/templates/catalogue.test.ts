import { STEP_TYPES } from '@funnelwork/domain/funnels/rules';
import { describe, expect, test } from 'vitest';
import { placeholderLinks } from '../attention/placeholder-links.ts';
import { validateDocument } from '../document/schema.ts';
import { renderPage } from '../render/render-page.tsx';
import {
  FUNNEL_KIT_STEPS,
  FUNNEL_KITS,
  findStepTemplate,
  STEP_TEMPLATES,
  TEMPLATE_FORMATS,
} from './catalogue.ts';

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
      expect(template.thumbnailUrl).toMatch(new RegExp(`^/templates/${template.id}\\.(png|jpg)$`));
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

  test('the gallery holds the 32 templates of the spec, each in a funnel kit, with every format used', () => {
    expect(STEP_TEMPLATES).toHaveLength(32);
    for (const kit of FUNNEL_KITS) {
      const members = STEP_TEMPLATES.filter((template) => template.kit === kit.id);
      expect(members.length, kit.id).toBeGreaterThanOrEqual(5);
      // A kit's funnel is made of its own templates, with the checkout before the offers after it.
      const steps = FUNNEL_KIT_STEPS[kit.id].map((step) => findStepTemplate(step.templateId)!);
      for (const step of steps) expect(step.kit).toBe(kit.id);
      const types = steps.map((step) => step.stepType);
      if (types.includes(1)) expect(types.indexOf(1)).toBeLessThan(types.lastIndexOf(3));
    }
    expect(new Set(STEP_TEMPLATES.map((template) => template.format))).toEqual(
      new Set(TEMPLATE_FORMATS.map((format) => format.id)),
    );
  });

  test.each(STEP_TEMPLATES.map((template) => [template.id, template] as const))(
    '%s sets every block to show on phones or hides it on purpose, and aligns per device',
    (_, template) => {
      const document = template.pages[0]!.document();
      for (const block of Object.values(document.children)) {
        expect(typeof block.responsive.mobile).toBe('boolean');
        // Only decorative pictures are hidden on phones.
        if (!block.responsive.mobile) expect(block.type).toBe('image');
        const align = (block.attributes.basic as { align?: { mobile?: string } }).align;
        if (align !== undefined) expect(align.mobile).toBeTruthy();
      }
      const html = renderPage(document).html;
      expect(html).not.toMatch(/lorem|ipsum/i);
      // Placeholder links are flagged to the merchant and never reach the published page.
      expect(html).not.toContain('example.com/');
    },
  );

  test('the thank-you templates carry their onward link as a placeholder to set', () => {
    const links = (id: string) => placeholderLinks(findStepTemplate(id)!.pages[0]!.document());
    expect(links('thank-you-next-steps').map((link) => link.label)).toEqual(['Go to my course']);
    expect(links('webinar-confirmation').map((link) => link.label)).toEqual(['Add to my calendar']);
    expect(links('checkout-two-step')).toEqual([]);
  });

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
