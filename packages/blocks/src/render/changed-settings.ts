import type { z } from 'zod';

/** Where a setting sits in a block's attributes, e.g. ['basic', 'font', 'size']. */
export type SettingPath = (string | number)[];
export type ChangedSettings = { value: unknown; settings: SettingPath[] };

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Every setting of a value changed to another valid one, guided by the schema, with the path of each
 * changed setting. Names decide what a string holds (a colour, an address, a font …); a union (a link
 * action) and an array that was empty each count as one setting.
 */
export function changeSettings(
  schema: z.ZodType,
  value: unknown,
  keep: (path: string) => boolean = () => false,
): ChangedSettings {
  let counter = 0;
  const settings: SettingPath[] = [];
  const next = () => {
    counter += 1;
    return counter;
  };

  const changeString = (key: string, current: string): string => {
    const n = next();
    const name = key.toLowerCase();
    if (name.includes('color')) return `#${(0x1a2b00 + n * 37).toString(16).toUpperCase().padStart(6, '0')}`;
    if (/url|image|thumbnail/.test(name)) return `https://cdn.example.com/changed-${n}.png`;
    if (name === 'family') return `Changed Font ${n}`;
    if (name === 'cssid') return `changed-id-${n}`;
    if (name === 'cssclasses') return `changed-class-${n}`;
    if (name === 'datatype') return 'email';
    if (name === 'dataname' || name === 'videoid') return `changed_${n}`;
    if (name === 'icon') return `changed${n}`;
    if (name === 'blockstyles') return `outline: ${n}px solid red`;
    return `${current} changed ${n}`.trim();
  };

  const change = (schema: z.ZodType, current: unknown, path: SettingPath, key: string): unknown => {
    const def = defOf(schema);
    // A border keeps its top side drawn, or turning every side off would hide its width, colour and style.
    if (keep(path.join('.')) || path.slice(-2).join('.') === 'sides.top') return current;
    switch (def.type) {
      case 'object': {
        const record = (current ?? {}) as Record<string, unknown>;
        return Object.fromEntries(
          Object.entries(def.shape ?? {}).map(([field, fieldSchema]) => [
            field,
            change(fieldSchema, record[field], [...path, field], field),
          ]),
        );
      }
      case 'array': {
        const list = (current ?? []) as unknown[];
        if (list.length === 0) {
          settings.push(path);
          return [sample(def.element!, key)];
        }
        return list.map((item, index) => change(def.element!, item, [...path, index], key));
      }
      case 'nullable':
        if (current === null) {
          settings.push(path);
          return sample(def.innerType!, key);
        }
        return change(def.innerType!, current, path, key);
      case 'optional':
        return current === undefined ? current : change(def.innerType!, current, path, key);
      case 'union': {
        settings.push(path);
        const literals = (def.options ?? []).map((option) => defOf(option));
        if (literals.every((option) => option.type === 'literal')) {
          const values = literals.flatMap((option) => option.values ?? []);
          return values[(values.indexOf(current) + 1) % values.length];
        }
        const action = current as { type?: string; url?: string };
        return action?.type === 'goto-url' && action.url
          ? { type: 'goto-url', url: `${action.url}/changed`, target: '_blank' }
          : { type: 'goto-url', url: `https://shop.example.net/changed-${next()}`, target: '_blank' };
      }
      case 'string':
        settings.push(path);
        return changeString(key, String(current ?? ''));
      case 'number': {
        settings.push(path);
        const number = schema as z.ZodNumber;
        const max = number.maxValue ?? Number.POSITIVE_INFINITY;
        const candidate = Number(current) + 3 + (next() % 5);
        return candidate <= max ? candidate : Number(current) - 7;
      }
      case 'boolean':
        settings.push(path);
        return !current;
      case 'enum': {
        settings.push(path);
        const options = Object.values(def.entries ?? {});
        return options[(options.indexOf(String(current)) + 1) % options.length];
      }
      default:
        return current;
    }
  };

  /** A fresh valid value where the default has none (an empty list, a null). */
  const sample = (schema: z.ZodType, key: string): unknown => {
    const def = defOf(schema);
    switch (def.type) {
      case 'object':
        return Object.fromEntries(
          Object.entries(def.shape ?? {}).map(([field, fieldSchema]) => [field, sample(fieldSchema, field)]),
        );
      case 'nullable':
      case 'optional':
        return sample(def.innerType!, key);
      case 'string':
        return changeString(key, 'Sample');
      case 'number':
        return 120 + next();
      case 'boolean':
        return true;
      case 'enum':
        return Object.values(def.entries ?? {})[0];
      case 'array':
        return [sample(def.element!, key)];
      default:
        return undefined;
    }
  };

  return { value: change(schema, value, [], ''), settings };
}

/** A copy of `value` with the setting at `path` taken from `original`. */
export function withSettingFrom(value: unknown, original: unknown, path: SettingPath): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return original;
  const source = (value ?? {}) as Record<string | number, unknown>;
  const from = (original ?? {}) as Record<string | number, unknown>;
  const copy = (Array.isArray(source) ? [...source] : { ...source }) as Record<string | number, unknown>;
  copy[head] = withSettingFrom(source[head], from[head], rest);
  return copy;
}
