/**
 * SMS rules (issue 18 "SMS"): the country tariffs every message and number is charged by, the
 * country of a phone number, how many parts a text is billed as, and the replies that opt out.
 */

export type SmsTariff = {
  /** ISO 3166 alpha-2, as the provider's AvailablePhoneNumbers/{Country} takes it. */
  country: string;
  name: string;
  /** E.164 calling code with its '+'. */
  dial_code: string;
  /** What one message part costs, in minor units of the balance's currency. */
  message_minor: number;
  /** What buying a number costs (its first month), in minor units. */
  number_minor: number;
};

/**
 * The countries numbers can be bought in and messages sent to. Amounts are nominal minor units of the
 * balance's currency (docs/decisions/e-mail-and-sms.md: no exchange table yet).
 */
export const SMS_TARIFFS: readonly SmsTariff[] = [
  { country: 'US', name: 'United States', dial_code: '+1', message_minor: 2, number_minor: 150 },
  { country: 'GB', name: 'United Kingdom', dial_code: '+44', message_minor: 5, number_minor: 200 },
  { country: 'IE', name: 'Ireland', dial_code: '+353', message_minor: 7, number_minor: 300 },
  { country: 'DE', name: 'Germany', dial_code: '+49', message_minor: 9, number_minor: 300 },
  { country: 'FR', name: 'France', dial_code: '+33', message_minor: 8, number_minor: 300 },
  { country: 'NL', name: 'Netherlands', dial_code: '+31', message_minor: 9, number_minor: 400 },
  { country: 'ES', name: 'Spain', dial_code: '+34', message_minor: 8, number_minor: 300 },
  { country: 'AU', name: 'Australia', dial_code: '+61', message_minor: 6, number_minor: 600 },
];

/** Buying numbers and topping up: at least 5.00 and at most 1,000.00 of the account's money a time. */
export const SMS_TOP_UP_MIN_MINOR = 500;
export const SMS_TOP_UP_MAX_MINOR = 100_000;

export const E164 = /^\+[1-9]\d{6,14}$/;

/** Phone text as typed ('+44 7700 900123', '(0044) …') in E.164, or null when it cannot be one. */
export function normalisePhone(text: string): string | null {
  const trimmed = text.trim().replace(/^00/, '+');
  const digits = trimmed.replace(/[\s().-]/g, '');
  const phone = digits.startsWith('+') ? digits : null;
  return phone && E164.test(phone) ? phone : null;
}

export function tariffOfCountry(country: string): SmsTariff | undefined {
  const code = country.toUpperCase();
  return SMS_TARIFFS.find((tariff) => tariff.country === code);
}

/** The tariff of an E.164 number by its longest matching calling code (+1 is billed as the US). */
export function tariffOfPhone(phone: string): SmsTariff | undefined {
  return [...SMS_TARIFFS]
    .sort((a, b) => b.dial_code.length - a.dial_code.length)
    .find((tariff) => phone.startsWith(tariff.dial_code));
}

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/**
 * How many parts a text is sent and billed as: GSM-7 text fits 160 characters in one part and 153 a
 * part beyond (extended characters count twice); any other character makes it UCS-2, 70 and 67.
 */
export function smsSegments(text: string): number {
  let gsmLength = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) gsmLength += 1;
    else if (GSM_EXTENDED.includes(char)) gsmLength += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return gsmLength <= 160 ? 1 : Math.ceil(gsmLength / 153);
  // UCS-2 counts UTF-16 code units: an emoji takes two.
  return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}

/** What a text to this phone costs, or undefined when its country has no tariff. */
export function smsPrice(phone: string, text: string): number | undefined {
  const tariff = tariffOfPhone(phone);
  return tariff ? tariff.message_minor * smsSegments(text) : undefined;
}

/** Twilio's default opt-out keywords: a reply that is one of them (any case, spaces around) opts out. */
export const SMS_OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;

export function isOptOutReply(body: string): boolean {
  return (SMS_OPT_OUT_KEYWORDS as readonly string[]).includes(body.trim().toUpperCase());
}

/** Twilio's opt-in words: a reply of START or UNSTOP lifts an opt-out. */
export function isOptInReply(body: string): boolean {
  return ['START', 'UNSTOP'].includes(body.trim().toUpperCase());
}

export const SMS_NOT_CONFIGURED_MESSAGE =
  'Sending SMS is not available on this installation: ask the person who runs your Funnelwork installation to set it up.';
export const SMS_BALANCE_TOO_LOW_MESSAGE = 'Your SMS balance is too low: top up to continue.';
