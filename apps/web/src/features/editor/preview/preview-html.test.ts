import { emptyDocument } from '@funnelwork/blocks';
import { describe, expect, it } from 'vitest';
import { PREVIEW_SANDBOX, previewHtml } from './preview-html.ts';

describe('page preview', () => {
  const code = {
    css: '.x{color:red}',
    html: '<div id="custom">Hi</div>',
    head_js: 'alert(1)',
    body_js: 'alert(2)',
  };

  it('holds the rendered page with its custom CSS and HTML, but not its scripts', () => {
    const html = previewHtml(emptyDocument('page'), code, 'My page');
    expect(html).toContain('<title>My page</title>');
    expect(html).toContain('.x{color:red}');
    expect(html).toContain('<div id="custom">Hi</div>');
    expect(html).not.toContain('alert(');
  });

  it('cannot close its style element early', () => {
    expect(
      previewHtml(emptyDocument('page'), { ...code, css: '</style><script>x()</script>' }, 'p'),
    ).not.toContain('</style><script>');
  });

  it('runs sandboxed without the dashboard origin', () => {
    expect(PREVIEW_SANDBOX).not.toContain('allow-same-origin');
  });
});
