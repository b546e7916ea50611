/** "1 day", "2 days", "0 days": a count with its noun in the form English gives it. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  // English has one singular form, for exactly 1 (Intl.PluralRules('en-US') says the same, at a cost: numbers.ts).
  return `${count} ${count === 1 ? one : other}`;
}
