import {
  BUTTON_DISPLAY_TYPES,
  type LinkActionType,
  SELECTION_TYPES,
  type ValuePath,
} from '@funnelwork/blocks';
import type { z } from 'zod';

/** One control of a settings panel; `path` starts at the node (or inside the page settings). */
export type SettingsField =
  | { kind: 'text'; path: ValuePath; label: string; multiline: boolean }
  | { kind: 'color'; path: ValuePath; label: string }
  /** An image address, chosen from the image library or typed. */
  | { kind: 'image'; path: ValuePath; label: string }
  /** The popup a show-popup action opens, picked from the funnel's popups. */
  | { kind: 'popup'; path: ValuePath; label: string }
  /** One of the account's products (a product list entry, an order bump, a yes-link). */
  | { kind: 'product'; path: ValuePath; label: string; optional: boolean }
  | {
      kind: 'number';
      path: ValuePath;
      label: string;
      min?: number;
      max?: number;
      integer: boolean;
      nullable: boolean;
    }
  | { kind: 'switch'; path: ValuePath; label: string }
  | { kind: 'select'; path: ValuePath; label: string; options: Option[] }
  | { kind: 'spacing'; path: ValuePath; label: string }
  | { kind: 'group'; path: ValuePath; label: string; fields: SettingsField[] }
  /** A value per device (desktop, tablets, mobile): the panel edits the device of the current view. */
  | { kind: 'perDevice'; path: ValuePath; label: string; field: SettingsField }
  /** A list of objects; item fields' paths are relative to the item. */
  | { kind: 'list'; path: ValuePath; label: string; fields: SettingsField[]; newItem: unknown }
  /** A choice between shapes (a link action): pick the type, then edit that shape's fields. */
  | { kind: 'variant'; path: ValuePath; label: string; discriminator: string; variants: Variant[] }
  /** The row's column layout, changed through its own structure action. */
  | { kind: 'columns'; path: ValuePath; label: string; options: Option[] };

export type Option = { value: string; label: string };
export type Variant = {
  value: string;
  label: string;
  fields: SettingsField[];
  empty: Record<string, unknown>;
};

/** The groups a block's settings come in (spec §3.2: "basic, advanced, and sometimes hover or active"). */
export type SettingsGroup = { key: string; label: string; fields: SettingsField[] };

const GROUP_LABELS: Readonly<Record<string, string>> = {
  basic: 'Basic',
  advanced: 'Advanced',
  hover: 'Hover',
  active: 'Active',
};

const LABELS: Readonly<Record<string, string>> = {
  subHeadline: 'Sub-headline',
  cssId: 'CSS id',
  cssClasses: 'CSS classes',
  lazyload: 'Lazy load',
  lazyLoad: 'Lazy load',
  url: 'URL',
  alt: 'Alt text',
  lineThrough: 'Line-through',
  align: 'Alignment',
  elementId: 'Section or row id',
  popupId: 'Popup id',
  dataType: 'Data type',
  dataName: 'Data name',
  autoOptin: 'Auto opt-in',
  maxLength: 'Max length',
  optionsType: 'Options',
  widthNumber: 'Width',
  valueNumber: 'Value',
  number: 'Number',
  progressColor1: 'Progress colour 1',
  progressColor2: 'Progress colour 2',
  videoId: 'Video id',
  pcs: 'Pieces',
  isActive: 'Open',
  isOpen: 'Open',
  collapsable: 'Collapsible',
  previewProductImage: 'Preview product image',
  showSummary: 'Show summary label',
  hideSummary: 'Hide summary label',
  blockStyles: 'Block styles',
  backgroundColor: 'Background colour',
  separatorColor: 'Separator colour',
  hoverColor: 'Hover colour',
  color: 'Colour',
  expireAction: 'When the timer ends',
  action: 'Click action',
  columns: 'Columns',
};

const OPTION_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  displayType: BUTTON_DISPLAY_TYPES,
  selectionType: SELECTION_TYPES,
  columns: {
    one: 'One column',
    two: 'Two columns',
    three: 'Three columns',
    four: 'Four columns',
    five: 'Two + one',
    six: 'One + two',
  },
  width: { full: 'Full (100%)', wide: 'Wide (75%)', half: 'Half (50%)' },
  target: { _self: 'Same tab', _blank: 'New tab' },
};

/** The labels of every click action (spec §3.2 "Link action values"). */
export const LINK_ACTION_LABELS: Readonly<Record<LinkActionType, string>> = {
  'no-link': 'No action',
  'submit-step': 'Submit step',
  'next-step': 'Go to next step',
  'goto-url': 'Go to URL',
  'goto-element': 'Go to section/row',
  'yes-link': 'Add the offer and continue',
  'show-popup': 'Show popup',
  'close-popup': 'Close popup',
};
const VARIANT_LABELS: Readonly<Record<string, string>> = LINK_ACTION_LABELS;

/** "lineSpacing" → "Line spacing", unless the key has a label of its own. */
export function labelOf(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/Color/gi, 'colour')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Schema = z.ZodType;
type Def = { type: string; [key: string]: unknown };

const defOf = (schema: Schema): Def => (schema as unknown as { def: Def }).def;
const shapeOf = (schema: Schema): Record<string, Schema> =>
  (schema as unknown as { shape: Record<string, Schema> }).shape;
const unwrapped = (schema: Schema): Schema => (schema as unknown as { unwrap: () => Schema }).unwrap();

const hasExactKeys = (shape: Record<string, Schema>, keys: readonly string[]) => {
  const own = Object.keys(shape);
  return own.length === keys.length && keys.every((key) => own.includes(key));
};

/** A blank value of a schema, for a new list item or a newly chosen variant. */
export function emptyValue(schema: Schema): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return '';
    case 'number': {
      const min = (schema as unknown as { minValue: number | null }).minValue;
      return typeof min === 'number' && Number.isFinite(min) && min > 0 ? min : 0;
    }
    case 'boolean':
      return false;
    case 'enum':
      return (schema as unknown as { options: string[] }).options[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'nullable':
      return null;
    case 'optional':
      return undefined;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(shapeOf(schema))
          .map(([key, value]) => [key, emptyValue(value)] as const)
          .filter(([, value]) => value !== undefined),
      );
    case 'union':
      return emptyValue((def.options as Schema[])[0] as Schema);
    default:
      return null;
  }
}

/** The control for one value of a schema, or none for values people do not edit (literals, ids). */
export function fieldFor(
  key: string,
  schema: Schema,
  path: ValuePath,
  siblings: readonly string[] = [],
): SettingsField | null {
  const def = defOf(schema);
  const label = labelOf(key);
  if (def.type === 'string' && isImageKey(key, siblings)) return { kind: 'image', path, label };
  if (key === 'popupId') return { kind: 'popup', path, label: 'Popup' };
  if (key === 'productId')
    return { kind: 'product', path, label: 'Product', optional: def.type === 'optional' };
  if (key === 'columns' && def.type === 'enum') {
    return { kind: 'columns', path, label, options: optionsOf(key, schema) };
  }
  switch (def.type) {
    case 'string':
      if (/colou?r\d*$/i.test(key)) return { kind: 'color', path, label };
      return { kind: 'text', path, label, multiline: key === 'content' || key === 'blockStyles' };
    case 'number':
      return numberField(schema, path, label, false);
    case 'boolean':
      return { kind: 'switch', path, label };
    case 'enum':
      // A font's own alignment, told apart from the block's per-device alignment.
      return {
        kind: 'select',
        path,
        label: key === 'align' ? 'Text align' : label,
        options: optionsOf(key, schema),
      };
    case 'nullable':
    case 'optional': {
      const inner = unwrapped(schema);
      if (defOf(inner).type === 'number') return numberField(inner, path, label, true);
      return fieldFor(key, inner, path);
    }
    case 'object': {
      const shape = shapeOf(schema);
      if (
        hasExactKeys(shape, ['top', 'right', 'bottom', 'left']) &&
        defOf(shape.top as Schema).type === 'number'
      ) {
        return { kind: 'spacing', path, label };
      }
      if (hasExactKeys(shape, ['desktop', 'tablets', 'mobile'])) {
        const field = fieldFor(key, shape.desktop as Schema, []);
        return field && { kind: 'perDevice', path, label, field };
      }
      // A wrapper of one number ("widthNumber.number") reads as that number.
      if (hasExactKeys(shape, ['number'])) return fieldFor(key, shape.number as Schema, [...path, 'number']);
      return { kind: 'group', path, label, fields: objectFields(schema, path) };
    }
    case 'array': {
      const element = (schema as unknown as { element: Schema }).element;
      if (defOf(element).type !== 'object') return null;
      return { kind: 'list', path, label, fields: objectFields(element, []), newItem: emptyValue(element) };
    }
    case 'union': {
      const discriminator = def.discriminator;
      if (typeof discriminator !== 'string') return null;
      const variants = (def.options as Schema[]).map((option) => {
        const value = String((defOf(shapeOf(option)[discriminator] as Schema).values as unknown[])[0]);
        return {
          value,
          label: VARIANT_LABELS[value] ?? labelOf(value),
          fields: objectFields(option, path).filter((field) => field.path.at(-1) !== discriminator),
          empty: emptyValue(option) as Record<string, unknown>,
        };
      });
      return { kind: 'variant', path, label, discriminator, variants };
    }
    default:
      return null;
  }
}

function numberField(schema: Schema, path: ValuePath, label: string, nullable: boolean): SettingsField {
  const number = schema as unknown as {
    minValue: number | null;
    maxValue: number | null;
    isInt: boolean;
    format?: string;
  };
  const finite = (value: number | null) =>
    typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e15 ? value : undefined;
  return {
    kind: 'number',
    path,
    label,
    min: finite(number.minValue),
    max: finite(number.maxValue),
    integer: number.isInt || number.format === 'safeint',
    nullable,
  };
}

function optionsOf(key: string, schema: Schema): Option[] {
  const labels = OPTION_LABELS[key] ?? {};
  return (schema as unknown as { options: string[] }).options.map((value) => ({
    value,
    label: labels[value] ?? labelOf(value),
  }));
}

/**
 * Image addresses: background images, before and after images, and a `url` next to an `alt` (the image
 * block and the image slider's images; a link's url has no alt text).
 */
export function isImageKey(key: string, siblings: readonly string[]): boolean {
  return /image$/i.test(key) || (key === 'url' && siblings.includes('alt'));
}

/** The controls of every key of an object schema. */
export function objectFields(schema: Schema, path: ValuePath): SettingsField[] {
  const shape = shapeOf(schema);
  const keys = Object.keys(shape);
  return Object.entries(shape).flatMap(([key, value]) => {
    if (defOf(value).type === 'literal') return [];
    // Values bound from elsewhere when the page is drawn (a list entry's product) are never edited.
    if (value.meta()?.bound === true) return [];
    const field = fieldFor(key, value, [...path, key], keys);
    return field ? [field] : [];
  });
}

/**
 * A node's settings panel from its attributes schema: one group per settings group (basic, advanced, hover,
 * active), each with a control for every value.
 */
export function settingsGroups(
  attributes: Schema,
  options: { content?: 'text' | 'html' } = {},
): SettingsGroup[] {
  return Object.entries(shapeOf(attributes)).map(([key, schema]) => {
    const fields = objectFields(schema, ['attributes', key]);
    if (key === 'basic' && options.content) {
      fields.unshift({
        kind: 'text',
        path: ['content'],
        label: 'Content',
        multiline: options.content === 'html',
      });
    }
    return { key, label: GROUP_LABELS[key] ?? labelOf(key), fields };
  });
}

/**
 * The page settings panel (spec §3.1 "Page settings"). An e-mail's `width` has its own control (the
 * e-mail editor's "E-mail width"); pages have none.
 */
export function pageSettingsFields(schema: Schema): SettingsField[] {
  return objectFields(schema, []).filter((field) => field.path[0] !== 'width');
}
