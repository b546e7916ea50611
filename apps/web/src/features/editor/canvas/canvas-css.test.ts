import { emptyDocument, pageCss, reduce } from '@funnelwork/blocks';
import { describe, expect, it } from 'vitest';
import { CANVAS_CONTAINER, canvasCss, hiddenBlocksCss } from './canvas-css.ts';

describe('canvas CSS', () => {
  it('turns every device media rule of the rendered page into a container rule of the canvas', () => {
    const css = canvasCss(pageCss(emptyDocument('page'), true));
    expect(css).not.toContain('@media');
    expect(css).toContain(`@container ${CANVAS_CONTAINER} (max-width: 699.98px)`);
  });

  it('keeps per-device values of blocks', () => {
    const section = reduce(emptyDocument('page'), { type: 'addSection' }, () => 0.1);
    if (!section.ok) throw new Error(section.error.message);
    expect(canvasCss('@media (max-width: 1px){.a{b:c}}')).toBe(
      `@container ${CANVAS_CONTAINER} (max-width: 1px){.a{b:c}}`,
    );
  });

  it('shows blocks hidden on the current device faded, only for that device', () => {
    expect(hiddenBlocksCss('mobile')).toContain('.fw-hide-mobile{display:block!important;opacity:.35');
    expect(hiddenBlocksCss('mobile')).not.toContain('desktop');
  });
});
