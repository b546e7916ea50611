import { AU, CA, type CountryData, RO, US } from 'country-region-data';
import { findCountry } from './countries.ts';

/**
 * A first-level division of a country that addresses name: a US state, a Canadian province, an
 * Australian state or territory, a Romanian county. `code` is the postal one ('TX', 'ON', 'NSW', 'CJ').
 */
export type State = { country: string; code: string; name: string };

/**
 * The countries whose addresses name a region from a list, with the word for it; any other country's
 * region is free text. The lists come from the maintained `country-region-data` package; a country is
 * added here in one line (each listed region is written into every page with a State field).
 */
const LISTED: ReadonlyArray<{ data: CountryData; noun: string }> = [
  { data: US, noun: 'state' },
  { data: CA, noun: 'province' },
  { data: AU, noun: 'state or territory' },
  { data: RO, noun: 'county' },
];

/** Every listed region, country by country in the order above (the form's State select offers them). */
export const STATES: ReadonlyArray<State> = LISTED.flatMap(({ data: [, country, regions] }) =>
  regions.map(([name, code]) => ({ country, code: code.replace(`${country}-`, ''), name })),
);

const BY_COUNTRY = new Map<string, State[]>();
for (const state of STATES) BY_COUNTRY.set(state.country, [...(BY_COUNTRY.get(state.country) ?? []), state]);
const NOUN = new Map<string, string>(LISTED.map(({ data, noun }) => [data[1], noun]));

/** The regions of a country given by code or name; empty where the region is free text. */
export function statesOf(country: string | null | undefined): readonly State[] {
  const code = findCountry(country)?.code;
  return (code && BY_COUNTRY.get(code)) || [];
}

/** What an address form calls the region of a country: 'State', 'Province', 'County', else 'Region'. */
export function regionLabel(country: string | null | undefined): string {
  const noun = NOUN.get(findCountry(country)?.code ?? '') ?? 'region';
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}

/**
 * "A region field follows the chosen country — a list where we have one, free text otherwise": for a
 * listed country a region is one of its own (by code or name, in any case); any text otherwise, and a
 * blank region always. Answers the message for a region that does not belong, else null.
 */
export function regionError(
  country: string | null | undefined,
  region: string | null | undefined,
): string | null {
  const value = region?.trim().toLowerCase() ?? '';
  const states = statesOf(country);
  if (value === '' || states.length === 0) return null;
  if (states.some((state) => state.code.toLowerCase() === value || state.name.toLowerCase() === value))
    return null;
  const code = findCountry(country)?.code ?? '';
  return `Choose a ${NOUN.get(code)} of ${findCountry(country)?.name}`;
}

/** The address fields whose region follows a country: [region, country], shipping then billing. */
export const REGION_FIELDS = [
  ['shipping_state', 'shipping_country'],
  ['state', 'country'],
] as const;

/** The region fields of an address form (by their posted names) that do not belong to their country. */
export function regionErrors(fields: Readonly<Record<string, unknown>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [region, country] of REGION_FIELDS) {
    const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
    const message = regionError(text(country), text(region));
    if (message) errors[region] = message;
  }
  return errors;
}
