// The web fonts of published pages, served by Funnelwork from the `@fontsource` packages on the
// published origin (`/_fw/fonts/…`), so a shop page asks no third party for its fonts: no shopper's
// address goes to a font service, and no second connection sits in front of the first paint.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { WEB_FONT_FAMILIES } from '@funnelwork/blocks';

const require = createRequire(import.meta.url);

/** The weights a page uses (the blocks' regular and bold). */
const WEIGHTS = [400, 700] as const;

type WebFont = {
  family: string;
  slug: string;
  /** The `@fontsource` package's directory. */
  root: string;
  version: string;
  stylesheet: string;
  css: string;
};

/** `Open Sans` → `open-sans`: the `@fontsource` package's name. */
const slugOf = (family: string) => family.toLowerCase().replace(/\s+/g, '-');

function loadFont(family: string): WebFont {
  const slug = slugOf(family);
  const root = path.dirname(require.resolve(`@fontsource/${slug}/package.json`));
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  // Every subset of each weight, each with its unicode-range: a browser downloads only what the text needs.
  const css = WEIGHTS.map((weight) => fs.readFileSync(path.join(root, `${weight}.css`), 'utf8'))
    .join('\n')
    .replace(/url\(\.\/files\/([\w.-]+)\)/g, (_, file: string) => `url(/_fw/fonts/${file}?v=${version})`);
  return { family, slug, root, version, stylesheet: `/_fw/fonts/${slug}-${version}.css`, css };
}

/** The hosted fonts by lower-cased family name; their style sheets by URL file name. */
export function createWebFonts() {
  const byFamily = new Map<string, WebFont>();
  for (const family of WEB_FONT_FAMILIES) byFamily.set(family.toLowerCase(), loadFont(family));
  const stylesheets = new Map(
    [...byFamily.values()].map((font) => [`${font.slug}-${font.version}.css`, font]),
  );
  const files = new Map<string, Buffer>();

  return {
    /** The hosted font of a family name as a page writes it, if Funnelwork serves it. */
    hosted: (family: string) => byFamily.get(family.trim().toLowerCase()),
    /**
     * What `/_fw/fonts/{name}` serves: a hosted family's style sheet (`roboto-5.3.0.css`) or one of its
     * font files (`roboto-latin-400-normal.woff2`, read once); undefined for anything else.
     */
    asset(name: string): { body: string | Buffer; type: string } | undefined {
      const sheet = stylesheets.get(name);
      if (sheet) return { body: sheet.css, type: 'text/css; charset=utf-8' };
      const match = /^[a-z0-9-]+-(\d{3})-normal\.(woff2?)$/.exec(name);
      const font = match && [...byFamily.values()].find((f) => name.startsWith(`${f.slug}-`));
      if (!match || !font || !WEIGHTS.includes(Number(match[1]) as 400)) return undefined;
      let body = files.get(name);
      if (!body) {
        const full = path.join(font.root, 'files', name);
        if (!fs.existsSync(full)) return undefined;
        body = fs.readFileSync(full);
        files.set(name, body);
      }
      return { body, type: match[2] === 'woff2' ? 'font/woff2' : 'font/woff' };
    },
  };
}

export type WebFonts = ReturnType<typeof createWebFonts>;

let shared: WebFonts | undefined;
/** The process's hosted fonts, read from the packages on first use. */
export function webFonts(): WebFonts {
  shared ??= createWebFonts();
  return shared;
}
