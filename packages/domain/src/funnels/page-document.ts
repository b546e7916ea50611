/**
 * The page editor's document as far as the server needs it (spec §3.1): content (section ids), rows,
 * children (blocks) and the page settings. The editor itself comes with the page builder.
 */
export type PageFont = {
  family: string;
  size: number;
  color: string;
  bold: boolean;
  italic: boolean;
  lineThrough: boolean;
  underline: boolean;
};
export type PageSettings = {
  backgroundColor: string;
  backgroundImage: string;
  padding: { top: number; right: number; bottom: number; left: number };
  font: PageFont;
  border: { width: number; color: string; style: string; radius: number };
  advanced: { id: string; cssClasses: string };
  direction: 'ltr' | 'rtl';
};
export type PageDocument = {
  content: string[];
  rows: Record<string, unknown>;
  children: Record<string, unknown>;
  settings: PageSettings;
};

/**
 * "Default page padding: top 68, left and right 30, bottom … 100 or 0 (pages)" — 100 for a new page;
 * "Default font Roboto 14, colour #252A32."
 */
export function defaultPageSettings(): PageSettings {
  return {
    backgroundColor: '#FFFFFF',
    backgroundImage: '',
    padding: { top: 68, right: 30, bottom: 100, left: 30 },
    font: {
      family: 'Roboto',
      size: 14,
      color: '#252A32',
      bold: false,
      italic: false,
      lineThrough: false,
      underline: false,
    },
    border: { width: 0, color: '#252A32', style: 'solid', radius: 0 },
    advanced: { id: '', cssClasses: '' },
    direction: 'ltr',
  };
}

/** An empty document with the default page settings. */
export function emptyPageDocument(): PageDocument {
  return { content: [], rows: {}, children: {}, settings: defaultPageSettings() };
}

/**
 * "Template apply: if there is no config or a clear flag is set, the document resets to empty with default
 * page settings." Otherwise the template's document is used as it is.
 */
export function documentForTemplateApply(
  templateConfig: Record<string, unknown> | null | undefined,
  clear: boolean,
): Record<string, unknown> {
  if (clear || !templateConfig || Object.keys(templateConfig).length === 0) return emptyPageDocument();
  return templateConfig;
}
