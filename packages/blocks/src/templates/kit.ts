import type { Font, Spacing } from '../catalogue/common.ts';
import type { LinkAction } from '../catalogue/link-actions.ts';
import type { NodeId } from '../document/ids.ts';
import type { Slot } from '../document/structure.ts';
import { type DeepPartial, pad, type TemplateBuilder } from './builder.ts';

/**
 * The colours the built-in templates share. Text on them or in them reads at WCAG AA (issue 39): green and
 * orange are the nearest shades of #12B76A and #E8590C that pass on white; the spec names none of them.
 */
export const COLORS = {
  navy: '#0F1B3D',
  accent: '#4368E0',
  accentDark: '#2F52C4',
  green: '#0D824B',
  greenDark: '#0B6E40',
  orange: '#C34B0A',
  soft: '#F5F7FB',
  line: '#D5DAE3',
  text: '#252A32',
  muted: '#5B6474',
  white: '#FFFFFF',
  pale: '#C9D3EE',
} as const;

type TextOptions = {
  font?: DeepPartial<Font>;
  marginBottom?: number;
  lineHeight?: number;
  letterSpacing?: number;
};

export function headline(
  b: TemplateBuilder,
  slot: Slot,
  text: string,
  size: number,
  options: TextOptions = {},
): NodeId {
  return b.block(slot, 'headline', {
    content: text,
    attributes: {
      basic: {
        font: { size, ...options.font },
        lineHeight: options.lineHeight ?? 1.2,
        letterSpacing: options.letterSpacing ?? 0,
      },
      advanced: { margin: pad(0, 0, options.marginBottom ?? 16, 0) },
    },
  });
}

export function paragraph(b: TemplateBuilder, slot: Slot, text: string, options: TextOptions = {}): NodeId {
  return b.block(slot, 'paragraph', {
    content: text,
    attributes: {
      basic: {
        font: { size: 16, color: COLORS.muted, ...options.font },
        lineHeight: options.lineHeight ?? 1.6,
      },
      advanced: { margin: pad(0, 0, options.marginBottom ?? 16, 0) },
    },
  });
}

/** A small capitalised line above a headline. */
export function eyebrow(
  b: TemplateBuilder,
  slot: Slot,
  text: string,
  color: string = COLORS.accent,
  align: Font['align'] = 'left',
): NodeId {
  return headline(b, slot, text, 13, { font: { color, align }, letterSpacing: 2, marginBottom: 12 });
}

export function button(
  b: TemplateBuilder,
  slot: Slot,
  text: string,
  action: LinkAction,
  options: { color?: string; hover?: string; sub?: string; fill?: boolean; size?: number } = {},
): NodeId {
  return b.block(slot, 'button', {
    attributes: {
      basic: {
        headline: { text, font: { size: options.size ?? 20 } },
        subHeadline: { text: options.sub ?? '', font: { size: 13, color: COLORS.white } },
        action,
        displayType: options.fill ? 'block' : 'inline-block',
        backgroundColor: options.color ?? COLORS.accent,
        border: { radius: { topLeft: 10, topRight: 10, bottomRight: 10, bottomLeft: 10 } },
        shadows: [{ x: 0, y: 8, blur: 20, spread: -6, color: 'rgba(15,27,61,0.35)', inset: false }],
      },
      advanced: { padding: pad(16, 32), margin: pad(0, 0, 12, 0) },
      hover: { backgroundColor: options.hover ?? COLORS.accentDark },
    },
  });
}

/** A white card (a one-box container) to put blocks on. */
export function card(
  b: TemplateBuilder,
  slot: Slot,
  options: { background?: string; padding?: number; margin?: Spacing; border?: string } = {},
): Slot {
  const id = b.block(slot, 'container', {
    attributes: {
      basic: {
        orientation: 'column',
        backgroundColor: options.background ?? COLORS.white,
        border: {
          width: 1,
          color: options.border ?? COLORS.line,
          style: 'solid',
          radius: { topLeft: 16, topRight: 16, bottomRight: 16, bottomLeft: 16 },
        },
      },
      advanced: { padding: pad(options.padding ?? 28), margin: options.margin ?? pad(0) },
    },
  });
  const [box] = b.boxes(id, [100]);
  return box!;
}

export function spacer(b: TemplateBuilder, slot: Slot, color: string = COLORS.line, margin = 16): NodeId {
  return b.block(slot, 'spacer', {
    attributes: {
      basic: { widthNumber: { number: 1 }, color },
      advanced: { padding: pad(0), margin: pad(margin, 0) },
    },
  });
}

/** The footer every template ends with. */
export function footer(b: TemplateBuilder, text = '© Your Company · Privacy policy · Terms'): void {
  const section = b.section({ basic: { backgroundColor: COLORS.navy }, advanced: { padding: pad(28, 30) } });
  const [slot] = b.row(section);
  paragraph(b, slot!, text, { font: { size: 13, color: '#8D97B5', align: 'center' }, marginBottom: 0 });
}
