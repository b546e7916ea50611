/** Built on first use, as money.ts's number format is. */
let englishPlurals: Intl.PluralRules | undefined;

/** "1 day", "2 days", "0 days": a count with its noun in the form English gives it. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  englishPlurals ??= new Intl.PluralRules('en-US');
  return `${count} ${englishPlurals.select(count) === 'one' ? one : other}`;
}
