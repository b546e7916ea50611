import { describe, expect, it } from 'vitest';
import { emptyDocument } from './empty.ts';
import { DEFAULT_PADDING, defaultPageSettings, pageSettingsSchema } from './page-settings.ts';

describe('page settings (spec §3.1, §9)', () => {
  it('"Default page padding: top 68, left and right 30, bottom 200 (email) and 100 or 0 (pages)"', () => {
    expect(DEFAULT_PADDING.page).toEqual({ top: 68, right: 30, bottom: 100, left: 30 });
    expect(DEFAULT_PADDING.email).toEqual({ top: 68, right: 30, bottom: 200, left: 30 });
    expect(defaultPageSettings().padding).toEqual({ top: 68, right: 30, bottom: 100, left: 30 });
    expect(defaultPageSettings('email').padding).toEqual({ top: 68, right: 30, bottom: 200, left: 30 });
  });

  it('"Default font Roboto 14, colour #252A32."', () => {
    expect(defaultPageSettings().font).toEqual({
      family: 'Roboto',
      size: 14,
      color: '#252A32',
      bold: false,
      italic: false,
      lineThrough: false,
      underline: false,
    });
  });

  it('"backgroundColor, backgroundImage, padding, font, border, advanced id, cssClasses, direction"', () => {
    expect(defaultPageSettings()).toEqual({
      backgroundColor: '#FFFFFF',
      backgroundImage: '',
      padding: { top: 68, right: 30, bottom: 100, left: 30 },
      font: defaultPageSettings().font,
      border: { width: 0, color: '#252A32', style: 'solid', radius: 0 },
      advanced: { id: '', cssClasses: '' },
      direction: 'ltr',
    });
    expect(pageSettingsSchema.safeParse(defaultPageSettings('email')).success).toBe(true);
  });

  it('each call gives a fresh object', () => {
    const first = defaultPageSettings();
    first.padding.top = 0;
    expect(defaultPageSettings().padding.top).toBe(68);
  });

  it('an empty document has no sections, rows or blocks and the settings of its kind', () => {
    expect(emptyDocument('email')).toEqual({
      version: 1,
      kind: 'email',
      content: [],
      rows: {},
      children: {},
      settings: defaultPageSettings('email'),
    });
    expect(emptyDocument().kind).toBe('page');
  });
});
