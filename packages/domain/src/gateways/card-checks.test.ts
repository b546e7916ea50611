import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardProblem, luhnValid } from './card-checks.ts';

const now = new Date('2026-11-29T00:00:00Z');
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

describe('card checks (issue 35 item 6: a mistyped number says the number is wrong)', () => {
  it("passes Stripe's test cards and refuses a mistyped digit by Luhn's check", () => {
    for (const number of ['4242424242424242', '4000002760003184', '4000000000000002', '4000002500003155'])
      expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
  });

  it("answers Stripe's code and message for each field", () => {
    expect(cardProblem(card, now)).toBeNull();
    expect(cardProblem({ ...card, number: '4242 4242 4242 4241' }, now)).toEqual({
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
      field: 'number',
    });
    expect(cardProblem({ ...card, expMonth: 13 }, now)?.message).toBe(
      "Your card's expiration month is invalid.",
    );
    expect(cardProblem({ ...card, expYear: 2019 }, now)?.message).toBe(
      "Your card's expiration year is invalid.",
    );
    expect(cardProblem({ ...card, expYear: 26, expMonth: 10 }, now)?.code).toBe('expired_card');
    expect(cardProblem({ ...card, expYear: 26, expMonth: 11 }, now)).toBeNull();
    expect(cardProblem({ ...card, cvc: '12' }, now)).toMatchObject({
      code: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
      field: 'cvc',
    });
    expect(CARD_MESSAGES.card_declined).toBe('Your card was declined.');
  });

  it('says which field is empty, in Stripe’s words for an incomplete field (Pay with empty card fields)', () => {
    const empty = { number: '', expMonth: 0, expYear: 0, cvc: '' };
    expect(cardProblem(empty, now)).toEqual({
      code: 'incomplete_number',
      message: 'Your card number is incomplete.',
      field: 'number',
    });
    expect(cardProblem({ ...card, expMonth: 0, expYear: 0 }, now)).toMatchObject({
      code: 'incomplete_expiry',
      field: 'expiry',
    });
    expect(cardProblem({ ...card, cvc: ' ' }, now)).toMatchObject({
      code: 'incomplete_cvc',
      message: "Your card's security code is incomplete.",
    });
  });
});
