const englishPlurals = new Intl.PluralRules('en-US');

/** "1 day", "2 days", "0 days": a count with its noun in the form English gives it. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count} ${englishPlurals.select(count) === 'one' ? one : other}`;
}
