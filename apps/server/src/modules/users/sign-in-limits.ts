import type { Db } from '../../db/client.ts';
import { createThrottle, type Limit, limitedAddress, limitedEmail } from '../../plugins/throttle.ts';

export { limitedAddress, limitedEmail };

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Failures of one e-mail from one address within the window before that address must wait. */
export const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 5;
/** Failures from one address within the window, whatever the e-mails, before it must wait. */
export const MAX_FAILURES_PER_ADDRESS = 20;

/** A wrong password for an e-mail or account, counted per (subject, address) and per address. */
export const PASSWORD_FAILURE_LIMITS: readonly Limit[] = [
  { per: ['subject', 'address'], max: MAX_FAILURES_PER_EMAIL_AND_ADDRESS, windowMs: SIGN_IN_WINDOW_MS },
  { per: ['address'], max: MAX_FAILURES_PER_ADDRESS, windowMs: SIGN_IN_WINDOW_MS },
];

/**
 * Failed sign-ins in a sliding window, per (e-mail, address) and per address. A wait applies to the
 * address that failed, never to the account: the right password from elsewhere still signs in.
 */
export function createSignInLimits({ db, clock }: { db: Db; clock: () => Date }) {
  const throttle = createThrottle({ db, clock });
  const attempt = (email: string, ip: string) => ({ scope: 'sign-in', subject: limitedEmail(email), ip });

  return {
    /** Whole seconds this address must wait before trying this e-mail again; 0 when it may now. */
    retryAfterSeconds(email: string, ip: string): Promise<number> {
      return throttle.retryAfterSeconds(attempt(email, ip), PASSWORD_FAILURE_LIMITS);
    },

    recordFailure(email: string, ip: string) {
      return throttle.record(attempt(email, ip));
    },

    /** A success forgets this address's failures for the e-mail; other addresses' still count. */
    clearFailures(email: string, ip: string) {
      return throttle.clear(attempt(email, ip), ['subject', 'address']);
    },
  };
}
