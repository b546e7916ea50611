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

/** Collects rules per device and writes them as one stylesheet with media queries. */
export class StyleSheet {
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
      let text = '';
      for (const [selector, declarations] of map) {
        if (text !== '') text += '\n';
        text += `${selector}{`;
        let first = true;
        for (const property in declarations) {
          text += `${first ? '' : ';'}${property}:${declarations[property]}`;
          first = false;
        }
        text += '}';
      }
      return text;
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
