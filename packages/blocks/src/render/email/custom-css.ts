/**
 * A template's custom CSS (the Code Editor tab) split for mail clients: plain rules are inlined into
 * the elements' style attributes (mjml's `<mj-style inline="inline">`), since many clients drop or
 * rewrite a `<style>` block; at-rules (media queries, fonts) and selectors with a pseudo-class or
 * pseudo-element (`:hover`, `::before`) cannot be inlined and stay in the head.
 */
export type SplitCss = { inline: string; head: string };

/** A `:` outside attribute selectors and strings: `a:hover`, `p::first-line`, `li:first-child`. */
function hasPseudo(selector: string): boolean {
  return /:/.test(selector.replace(/\[[^\]]*\]/g, '').replace(/"[^"]*"|'[^']*'/g, ''));
}

/** The index after the block that opens at `open` (its `{`); -1 when it never closes. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let index = open; index < css.length; index++) {
    const char = css[index];
    if (quote !== null) {
      if (char === '\\') index++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return index + 1;
  }
  return -1;
}

export function splitCustomCss(css: string): SplitCss {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const inline: string[] = [];
  const head: string[] = [];
  let index = 0;
  while (index < source.length) {
    const open = source.indexOf('{', index);
    const semicolon = source.indexOf(';', index);
    // A statement without a block (`@import …;`, `@charset …;`) or stray text.
    if (open === -1 || (semicolon !== -1 && semicolon < open)) {
      const end = semicolon === -1 ? source.length : semicolon + 1;
      const statement = source.slice(index, end).trim();
      if (statement !== '') head.push(statement);
      index = end;
      continue;
    }
    const closed = blockEnd(source, open);
    const end = closed === -1 ? source.length : closed;
    const prelude = source.slice(index, open).trim();
    const rule = source.slice(index, end).trim();
    // An unclosed block stays in the head as written, where it harms nothing but itself.
    const inlinable = closed !== -1 && prelude !== '' && !prelude.startsWith('@') && !hasPseudo(prelude);
    if (rule !== '') (inlinable ? inline : head).push(rule);
    index = end;
  }
  return { inline: inline.join('\n'), head: head.join('\n') };
}
