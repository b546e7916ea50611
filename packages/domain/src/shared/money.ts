import { roundPrice } from './numbers.ts';

/** Active ISO 4217 codes: the spec's "currency list of about 150 codes with symbols". */
const CODES =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL'.split(
    ' ',
  );

const displayNames = new Intl.DisplayNames(['en'], { type: 'currency' });
function symbolOf(code: string): string {
  // RON: "RON is shown as 'amount lei'".
  if (code === 'RON') return 'lei';
  const part = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? code;
}

export type Currency = { code: string; name: string; symbol: string };
export const CURRENCIES: readonly Currency[] = CODES.map((code) => ({
  code,
  name: displayNames.of(code) ?? code,
  symbol: symbolOf(code),
}));
const BY_CODE = new Map(CURRENCIES.map((c) => [c.code, c]));

/** "the symbol defaults to '$'" for a missing or unknown code. */
export function currencySymbol(code?: string | null): string {
  return (code && BY_CODE.get(code.toUpperCase())?.symbol) || '$';
}

const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Symbol and amount rounded to two decimals ('$1,234.50'); RON as 'amount lei' ('1,234.50 lei'). */
export function formatPrice(amount: number, currency?: string | null): string {
  const rounded = roundPrice(amount);
  const sign = rounded < 0 ? '-' : '';
  const digits = amountFormat.format(Math.abs(rounded));
  if (currency?.toUpperCase() === 'RON') return `${sign}${digits} lei`;
  return `${sign}${currencySymbol(currency)}${digits}`;
}

/** Money is stored in minor units. */
export const toMinorUnits = (major: number): number => Math.round(roundPrice(major) * 100);
export const fromMinorUnits = (minor: number): number => roundPrice(minor / 100);
