/**
 * What is wrong with typed card details, in Stripe's words (its error codes and messages), so a
 * mistyped number says the number is wrong rather than 'Your card was declined.'. Run in the
 * Sandbox's card form in the browser (next to the field) and again by the Sandbox on the server.
 */
export type CardField = 'number' | 'expiry' | 'cvc';

export type CardProblem = { code: string; message: string; field: CardField };

export const CARD_MESSAGES = {
  incomplete_number: 'Your card number is incomplete.',
  incomplete_expiry: "Your card's expiration date is incomplete.",
  incomplete_cvc: "Your card's security code is incomplete.",
  incorrect_number: 'Your card number is incorrect.',
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  card_declined: 'Your card was declined.',
} as const;

/** Luhn's check: every real card number passes it, most single-digit typos do not. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const problem = (code: keyof typeof CARD_MESSAGES, field: CardField): CardProblem => ({
  code,
  message: CARD_MESSAGES[code],
  field,
});

/** The first problem of the card's details (number, then expiry, then CVC), or null. */
export function cardProblem(
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  now: Date = new Date(),
): CardProblem | null {
  // An empty field is the field's required message, as Stripe's card form words it.
  if (card.number.replace(/[\s-]/g, '') === '') return problem('incomplete_number', 'number');
  if (!luhnValid(card.number.replace(/[\s-]/g, ''))) return problem('incorrect_number', 'number');
  if (!card.expMonth && !card.expYear) return problem('incomplete_expiry', 'expiry');
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return problem('invalid_expiry_month', 'expiry');
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < thisYear || year > thisYear + 50)
    return problem('invalid_expiry_year', 'expiry');
  if (year === thisYear && card.expMonth < now.getUTCMonth() + 1) return problem('expired_card', 'expiry');
  if (card.cvc.trim() === '') return problem('incomplete_cvc', 'cvc');
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return problem('incorrect_cvc', 'cvc');
  return null;
}
