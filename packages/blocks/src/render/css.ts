import type { Border, DeviceAlign, Font, Spacing } from '../catalogue/common.ts';
import type { Responsive } from '../catalogue/define-block.ts';

export type Device = 'desktop' | 'tablets' | 'mobile';
export const DEVICES: readonly Device[] = ['desktop', 'tablets', 'mobile'];

/**
 * "Breakpoints … mobile up to 700, tablet 700 to 1000, desktop from 1000 for views." Desktop rules apply
 * everywhere; tablet rules override them below 1000 px and mobile rules override both below 700 px, so a
 * value left out for a device falls back desktop → tablets → mobile.
 */
export const DEVICE_MEDIA: Readonly<Record<Device, string | null>> = {
  desktop: null,
  tablets: '(max-width: 999.98px)',
  mobile: '(max-width: 699.98px)',
};

/** The width range of one device alone, for rules that must not cascade (visibility). */
export const DEVICE_ONLY_MEDIA: Readonly<Record<Device, string>> = {
  desktop: '(min-width: 1000px)',
  tablets: '(min-width: 700px) and (max-width: 999.98px)',
  mobile: '(max-width: 699.98px)',
};

/** A value per device; a device without its own value takes the one of the device before it. */
export type DeviceValues<T> = { desktop: T; tablets?: T; mobile?: T };

/** The value each device ends up with after the desktop → tablets → mobile fallback. */
export function resolveDeviceValues<T>(values: DeviceValues<T>): Record<Device, T> {
  const tablets = values.tablets ?? values.desktop;
  return { desktop: values.desktop, tablets, mobile: values.mobile ?? tablets };
}

export type Declarations = Record<string, string | number | null | undefined | false>;

/**
 * Which nodes' rules can never match one another's elements: blocks without child blocks (a leaf block's
 * rules reach only its own element and what is inside it).
 */
export type RuleGrouping = { isLeafBlock: (nodeId: number) => boolean };

/** Collects rules per device and writes them as one stylesheet with media queries. */
export class StyleSheet {
  /** With a grouping, rules with identical declarations are written once with their selectors joined (see `groupedRules`). */
  constructor(private readonly grouping?: RuleGrouping) {}

  private readonly rules: Record<Device, Map<string, Declarations>> = {
    desktop: new Map(),
    tablets: new Map(),
    mobile: new Map(),
  };
  private readonly raw: string[] = [];

  /** Adds declarations to a selector; empty values are left out. (A plain loop: this runs for every rule of every render.) */
  add(selector: string, declarations: Declarations, device: Device = 'desktop'): void {
    const map = this.rules[device];
    let target: Declarations | undefined;
    for (const property in declarations) {
      const value = declarations[property];
      if (value === null || value === undefined || value === false || value === '') continue;
      if (target === undefined) {
        target = map.get(selector);
        if (target === undefined) {
          target = {};
          map.set(selector, target);
        }
      }
      target[property] = value;
    }
  }

  /**
   * One rule per device from per-device values: desktop always, a smaller device only where its value
   * differs from the one it would fall back to.
   */
  addPerDevice<T>(
    selector: string,
    values: DeviceValues<T>,
    toDeclarations: (value: T) => Declarations,
  ): void {
    const resolved = resolveDeviceValues(values);
    this.add(selector, toDeclarations(resolved.desktop));
    if (resolved.tablets !== resolved.desktop)
      this.add(selector, toDeclarations(resolved.tablets), 'tablets');
    if (resolved.mobile !== resolved.tablets) this.add(selector, toDeclarations(resolved.mobile), 'mobile');
  }

  /** Finished CSS text (such as keyframes) added as it is. */
  addRaw(css: string): void {
    this.raw.push(css);
  }

  toString(): string {
    const block = (map: Map<string, Declarations>) => {
      const rules: [string, string][] = [];
      for (const [selector, declarations] of map) {
        let body = '';
        for (const property in declarations)
          body += `${body === '' ? '' : ';'}${property}:${declarations[property]}`;
        rules.push([selector, body]);
      }
      const written = this.grouping ? groupedRules(rules, map, this.grouping) : rules;
      return written.map(([selector, body]) => `${selector}{${body}}`).join('\n');
    };
    const parts = [...this.raw, block(this.rules.desktop)];
    for (const device of ['tablets', 'mobile'] as const) {
      if (this.rules[device].size > 0)
        parts.push(`@media ${DEVICE_MEDIA[device]}{\n${block(this.rules[device])}\n}`);
    }
    // No text of a merchant may close the <style> element the CSS is served in.
    return parts
      .filter((part) => part !== '')
      .join('\n')
      .replace(/<\/(style)/gi, '<\\/$1');
  }
}

const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([\d\s.,%/+-]+\)|[a-z]{3,30})$/i;

/** A CSS colour from merchant text, or undefined when empty or not a plain colour. */
export function cssColor(value: string | null | undefined): string | undefined {
  const text = value?.trim() ?? '';
  return COLOR.test(text) ? text : undefined;
}

const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui']);

/** A font-family list from a family name (or a list of them), quoted, with a generic fallback. */
export function cssFontFamily(family: string): string {
  const names = family
    .split(',')
    .map((name) => name.replace(/["'\\;{}<>]/g, '').trim())
    .filter((name) => name !== '');
  const quoted = names.map((name) => (GENERIC_FAMILIES.has(name.toLowerCase()) ? name : `"${name}"`));
  if (!names.some((name) => GENERIC_FAMILIES.has(name.toLowerCase()))) quoted.push('sans-serif');
  return quoted.join(', ');
}

/** The first family of a font, as a web-font loader names it. */
export function fontFamilyName(family: string): string {
  return (family.split(',')[0] ?? '').replace(/["'\\;{}<>]/g, '').trim();
}

/** A quoted CSS string for url(), so no quote, backslash, new line or '<' of the value leaks out. */
export function cssUrl(url: string): string {
  const escaped = url
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\a ')
    .replace(/\r/g, '')
    .replace(/</g, '\\3c ');
  return `url("${escaped}")`;
}

export const px = (value: number): string => `${round(value)}px`;

export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export function spacingCss(value: Spacing): string {
  return [value.top, value.right, value.bottom, value.left].map(px).join(' ');
}

/** Font (family, size, color, bold, italic, line-through, underline, text align). */
export function fontCss(value: Omit<Font, 'align'> & { align?: Font['align'] }): Declarations {
  const decorations = [value.underline && 'underline', value.lineThrough && 'line-through'].filter(Boolean);
  return {
    'font-family': cssFontFamily(value.family),
    'font-size': px(value.size),
    color: cssColor(value.color),
    'font-weight': value.bold ? 700 : 400,
    'font-style': value.italic ? 'italic' : 'normal',
    'text-decoration': decorations.length > 0 ? decorations.join(' ') : 'none',
    'text-align': value.align,
  };
}

/** Border (width, color, style, sides, per-corner radius). */
export function borderCss(value: Border): Declarations {
  const { radius, sides } = value;
  const hasRadius = radius.topLeft + radius.topRight + radius.bottomRight + radius.bottomLeft > 0;
  const declarations: Declarations = {
    'border-radius': hasRadius
      ? [radius.topLeft, radius.topRight, radius.bottomRight, radius.bottomLeft].map(px).join(' ')
      : undefined,
  };
  if (value.style === 'none' || value.width <= 0) return declarations;
  const width = (side: boolean) => (side ? px(value.width) : '0');
  return {
    ...declarations,
    'border-style': value.style,
    'border-color': cssColor(value.color),
    'border-width': [sides.top, sides.right, sides.bottom, sides.left].map(width).join(' '),
  };
}

type Shadow = { x: number; y: number; blur: number; spread: number; color: string; inset: boolean };
type TextShadow = { x: number; y: number; blur: number; color: string };

export function boxShadowCss(shadows: readonly Shadow[]): string | undefined {
  const list = shadows.map((shadow) =>
    [
      shadow.inset ? 'inset' : '',
      px(shadow.x),
      px(shadow.y),
      px(shadow.blur),
      px(shadow.spread),
      cssColor(shadow.color) ?? 'rgba(0,0,0,0.2)',
    ]
      .filter(Boolean)
      .join(' '),
  );
  return list.length > 0 ? list.join(', ') : undefined;
}

export function textShadowCss(shadows: readonly TextShadow[]): string | undefined {
  const list = shadows.map((shadow) =>
    [px(shadow.x), px(shadow.y), px(shadow.blur), cssColor(shadow.color) ?? 'rgba(0,0,0,0.2)'].join(' '),
  );
  return list.length > 0 ? list.join(', ') : undefined;
}

/** Per-device alignment as a value per device. */
export function alignValues(align: DeviceAlign): DeviceValues<string> {
  return { desktop: align.desktop, tablets: align.tablets, mobile: align.mobile };
}

export const JUSTIFY: Readonly<Record<string, string>> = {
  left: 'flex-start',
  center: 'center',
  right: 'flex-end',
  justify: 'space-between',
};

/** The classes that hide a node on the devices its responsive flags turn off. */
export function visibilityClasses(responsive: Responsive): string[] {
  return DEVICES.filter((device) => !responsive[device]).map((device) => `fw-hide-${device}`);
}

const CLASS_NAME = /^-?[_a-zA-Z][_a-zA-Z0-9-]*$/;

/** The merchant's cssClasses as class names; anything that is not a class name is left out. */
export function merchantClasses(cssClasses: string): string[] {
  return cssClasses.split(/\s+/).filter((name) => CLASS_NAME.test(name));
}

/** A rule as the grouping reads it: its selectors' scopes and specificities and its declarations. */
type RuleFacts = {
  /** The leaf block all its selectors are confined to, or null when they may reach other nodes' elements. */
  leaf: number | null;
  /** Per selector: [ids, classes, types], or null when the selector is outside the shapes read here. */
  specificities: ([number, number, number] | null)[];
  declarations: Declarations;
};

/** Selectors whose meaning or validity the grouping does not judge: never grouped. */
const UNGROUPABLE = /::|:-|:(is|where|not|has)\(|[+~*]|-webkit-|-moz-/;
const SCOPE = /^\.fw-n(\d+)(?![\w-])/;

function specificity(selector: string): [number, number, number] | null {
  if (UNGROUPABLE.test(selector) || !/^[\w\s.#>:()[\]="'-]+$/.test(selector)) return null;
  const bare = selector.replace(/\([^)]*\)/g, '').replace(/\[[^\]]*\]/g, '[]');
  const ids = (bare.match(/#[\w-]+/g) ?? []).length;
  const classes = (bare.match(/\.[\w-]+|\[\]|:[\w-]+/g) ?? []).length;
  const types = (bare.match(/(^|[\s>])[a-zA-Z][\w-]*/g) ?? []).length;
  return [ids, classes, types];
}

function factsOf(selector: string, declarations: Declarations, grouping: RuleGrouping): RuleFacts {
  const selectors = selector.split(',').map((part) => part.trim());
  const leaves = selectors.map((part) => {
    const scope = SCOPE.exec(part);
    const id = scope ? Number(scope[1]) : null;
    return id !== null && !UNGROUPABLE.test(part) && grouping.isLeafBlock(id) ? id : null;
  });
  return {
    leaf: leaves.every((id) => id !== null && id === leaves[0]) ? (leaves[0] as number) : null,
    specificities: selectors.map(specificity),
    declarations,
  };
}

/** Shorthands that set properties whose names do not start with theirs. */
const WIDE_SHORTHANDS = new Set([
  'all',
  'font',
  'inset',
  'gap',
  'grid',
  'flex-flow',
  'place-items',
  'place-content',
  'place-self',
]);
const overlaps = (a: string, b: string) =>
  a === b ||
  a.startsWith(`${b}-`) ||
  b.startsWith(`${a}-`) ||
  WIDE_SHORTHANDS.has(a) ||
  WIDE_SHORTHANDS.has(b);

/**
 * Whether two rules may swap places without changing any element's computed style: they never match
 * one element (both confined to different leaf blocks), or they set no property in common to different
 * values, or every pair of their selectors differs in specificity (then order never decides).
 */
function independent(a: RuleFacts, b: RuleFacts): boolean {
  if (a.leaf !== null && b.leaf !== null && a.leaf !== b.leaf) return true;
  let conflict = false;
  for (const p in a.declarations) {
    for (const q in b.declarations) {
      if (overlaps(p, q) && !(p === q && a.declarations[p] === b.declarations[q])) conflict = true;
    }
  }
  if (!conflict) return true;
  return a.specificities.every(
    (x) =>
      x !== null &&
      b.specificities.every((y) => y !== null && (x[0] !== y[0] || x[1] !== y[1] || x[2] !== y[2])),
  );
}

/**
 * Rules with identical declarations written once, their selectors joined, at the place of the first of
 * them (a 150-block page repeats the same few rules per block: 42 KB of CSS). A rule joins an earlier one
 * only when it is independent of every rule it moves in front of, so every element's computed style is
 * what the rules written one by one give; a rule with a selector the grouping does not read stays alone.
 */
function groupedRules(
  rules: [string, string][],
  map: Map<string, Declarations>,
  grouping: RuleGrouping,
): [string, string][] {
  const facts = rules.map(([selector]) => factsOf(selector, map.get(selector) as Declarations, grouping));
  const groups: { selectors: string[]; body: string; at: number }[] = [];
  const openGroup = new Map<string, (typeof groups)[number]>();
  rules.forEach(([selector, body], index) => {
    const rule = facts[index] as RuleFacts;
    const readable = rule.specificities.every((x) => x !== null);
    const group = readable ? openGroup.get(body) : undefined;
    if (group) {
      let free = true;
      for (let between = group.at + 1; between < index && free; between++)
        free = independent(facts[between] as RuleFacts, rule);
      if (free) {
        group.selectors.push(selector);
        return;
      }
    }
    const own = { selectors: [selector], body, at: index };
    groups.push(own);
    if (readable) openGroup.set(body, own);
  });
  return groups.map(({ selectors, body }) => [selectors.join(','), body]);
}
