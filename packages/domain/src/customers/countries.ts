import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

export type Country = { code: string; name: string; dialCode: string };

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "A country list (name and two-letter code) with phone dial codes", from libphonenumber's metadata. */
export const COUNTRIES: readonly Country[] = getCountries()
  .map((code) => ({
    code,
    name: regionNames.of(code) ?? code,
    dialCode: getCountryCallingCode(code as CountryCode),
  }))
  .sort((a, b) => a.name.localeCompare(b.name));

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));
const BY_NAME = new Map(COUNTRIES.map((c) => [c.name.toLowerCase(), c]));

/** A two-letter code (any case) or an English country name. */
export function findCountry(codeOrName: string | null | undefined): Country | undefined {
  if (!codeOrName) return undefined;
  const key = codeOrName.trim();
  return BY_CODE.get(key.toUpperCase()) ?? BY_NAME.get(key.toLowerCase());
}

export const dialCodeFor = (codeOrName: string | null | undefined): string | undefined =>
  findCountry(codeOrName)?.dialCode;
