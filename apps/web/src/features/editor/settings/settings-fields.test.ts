import { BLOCKS, LAYOUT_ITEMS, pageSettingsSchema } from '@funnelwork/blocks';
import { describe, expect, it } from 'vitest';
import { canvasScale, devicePath, differsFromDesktop } from './devices.ts';
import {
  emptyValue,
  labelOf,
  pageSettingsFields,
  type SettingsField,
  settingsGroups,
} from './settings-fields.ts';

const find = (fields: SettingsField[], key: string): SettingsField | undefined =>
  fields.find((field) => field.path.at(-1) === key);

describe('settings panels generated from the block schemas', () => {
  it("groups every block's settings as basic, advanced and, where it has them, hover and active", () => {
    for (const [type, definition] of Object.entries(BLOCKS)) {
      const groups = settingsGroups(definition.attributes).map((group) => group.label);
      expect(groups.slice(0, 2), type).toEqual(['Basic', 'Advanced']);
    }
    expect(settingsGroups(BLOCKS.button.attributes).map((group) => group.label)).toEqual([
      'Basic',
      'Advanced',
      'Hover',
    ]);
    expect(settingsGroups(BLOCKS.faq.attributes).map((group) => group.label)).toEqual([
      'Basic',
      'Advanced',
      'Hover',
      'Active',
    ]);
  });

  it('gives image addresses the image library picker, and leaves link addresses as text', () => {
    const [imageBasic] = settingsGroups(BLOCKS.image.attributes);
    expect(find(imageBasic!.fields, 'url')).toMatchObject({ kind: 'image', label: 'URL' });
    const [before] = settingsGroups(BLOCKS.beforeAfterSlider.attributes);
    expect(find(before!.fields, 'beforeImage')).toMatchObject({ kind: 'image' });
    expect(find(before!.fields, 'afterImage')).toMatchObject({ kind: 'image' });
    const [slider] = settingsGroups(BLOCKS.imageSlider.attributes);
    const images = find(slider!.fields, 'images');
    expect(images?.kind === 'list' && find(images.fields, 'url')).toMatchObject({ kind: 'image' });
    expect(find(pageSettingsFields(pageSettingsSchema), 'backgroundImage')).toMatchObject({ kind: 'image' });
    const [sectionBasic] = settingsGroups(LAYOUT_ITEMS.section.attributes);
    const background = JSON.stringify(sectionBasic!.fields);
    expect(background).toContain('"kind":"image"');
    const [videoBasic] = settingsGroups(BLOCKS.video.attributes);
    expect(JSON.stringify(videoBasic!.fields)).not.toContain('"kind":"image"');
    const [buttonBasic] = settingsGroups(BLOCKS.button.attributes);
    expect(JSON.stringify(buttonBasic!.fields)).not.toContain('"kind":"image"');
  });

  it("a show-popup action picks one of the funnel's popups", () => {
    const [basic] = settingsGroups(BLOCKS.button.attributes);
    const action = basic!.fields.find((field) => field.kind === 'variant');
    const showPopup =
      action?.kind === 'variant' ? action.variants.find((v) => v.value === 'show-popup') : undefined;
    expect(showPopup?.fields).toEqual([
      { kind: 'popup', path: ['attributes', 'basic', 'action', 'popupId'], label: 'Popup' },
    ]);
  });

  it('picks a control by the kind of value', () => {
    const [basic, advanced] = settingsGroups(BLOCKS.button.attributes);
    expect(find(basic!.fields, 'backgroundColor')).toMatchObject({
      kind: 'color',
      label: 'Background colour',
    });
    expect(find(basic!.fields, 'displayType')).toMatchObject({
      kind: 'select',
      options: [
        { value: 'inline-block', label: 'Fluid' },
        { value: 'block', label: 'Fill Width' },
      ],
    });
    expect(find(basic!.fields, 'lineSpacing')).toMatchObject({ kind: 'number', min: 0, integer: false });
    expect(find(advanced!.fields, 'padding')).toMatchObject({
      kind: 'spacing',
      path: ['attributes', 'advanced', 'padding'],
    });
    expect(find(advanced!.fields, 'cssId')).toMatchObject({ kind: 'text', label: 'CSS id' });
    const font = find(
      find(basic!.fields, 'headline')!.kind === 'group'
        ? (find(basic!.fields, 'headline') as { fields: SettingsField[] }).fields
        : [],
      'font',
    );
    expect(font).toMatchObject({ kind: 'group', path: ['attributes', 'basic', 'headline', 'font'] });
  });

  it('"per-device alignment": one control that edits the value of the current view', () => {
    const [basic] = settingsGroups(BLOCKS.button.attributes);
    const align = find(basic!.fields, 'align');
    expect(align).toMatchObject({ kind: 'perDevice', label: 'Alignment', field: { kind: 'select' } });
    expect(devicePath(align!.path, 'mobile')).toEqual(['attributes', 'basic', 'align', 'mobile']);
    expect(differsFromDesktop({ desktop: 'center', tablets: 'center', mobile: 'right' }, 'mobile')).toBe(
      true,
    );
    expect(differsFromDesktop({ desktop: 'center', tablets: 'center', mobile: 'right' }, 'tablets')).toBe(
      false,
    );
  });

  it('offers the click actions as variants with their own fields', () => {
    const [basic] = settingsGroups(BLOCKS.button.attributes);
    const action = find(basic!.fields, 'action');
    expect(action?.kind).toBe('variant');
    if (action?.kind !== 'variant') return;
    expect(action.variants.map((variant) => variant.label)).toContain('Go to next step');
    const url = action.variants.find((variant) => variant.value === 'goto-url');
    expect(url?.fields.map((field) => field.label)).toEqual(['URL', 'Target']);
    expect(url?.empty).toEqual({ type: 'goto-url', url: '', target: '_self' });
  });

  it('lists edit their items and make new ones from the schema', () => {
    const [basic] = settingsGroups(BLOCKS.menu.attributes);
    const items = find(basic!.fields, 'items');
    expect(items).toMatchObject({ kind: 'list', newItem: { title: '', url: '' } });
  });

  it('rows change their columns through the layout action; content comes first when asked', () => {
    const [basic] = settingsGroups(LAYOUT_ITEMS.row.attributes);
    expect(find(basic!.fields, 'columns')).toMatchObject({ kind: 'columns' });
    const [headline] = settingsGroups(BLOCKS.headline.attributes, { content: 'html' });
    expect(headline?.fields[0]).toMatchObject({ kind: 'text', path: ['content'], multiline: true });
  });

  it('builds the page settings panel', () => {
    const fields = pageSettingsFields(pageSettingsSchema);
    expect(fields.map((field) => field.label)).toEqual([
      'Background colour',
      'Background image',
      'Padding',
      'Font',
      'Border',
      'Advanced',
      'Direction',
    ]);
  });

  it('labels and blank values', () => {
    expect(labelOf('lineSpacing')).toBe('Line spacing');
    expect(labelOf('progressColor1')).toBe('Progress colour 1');
    expect(emptyValue(BLOCKS.social.attributes.shape.basic)).toMatchObject({ items: [] });
  });

  it('shrinks the canvas to fit, never enlarges it', () => {
    expect(canvasScale('desktop', 600)).toBe(0.5);
    // 903 of 1,200 is 0.7525: 0.753 would draw the page 0.6 px wider than the space.
    expect(canvasScale('desktop', 903)).toBe(0.752);
    expect(canvasScale('mobile', 600)).toBe(1);
  });
});
