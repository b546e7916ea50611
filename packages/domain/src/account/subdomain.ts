import { SUBDOMAIN_MIN_LENGTH } from '../shared/messages.ts';

/** The free subdomain's rules (spec: "Subdomain minimum 5 characters"), shared by the server's schema and the form. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
export const SUBDOMAIN_MAX_LENGTH = 63;
export const SUBDOMAIN_SHORT_MESSAGE = `Subdomain must be at least ${SUBDOMAIN_MIN_LENGTH} characters`;
export const SUBDOMAIN_LONG_MESSAGE = `Subdomain must be at most ${SUBDOMAIN_MAX_LENGTH} characters`;
export const SUBDOMAIN_CHARACTERS_MESSAGE = 'Subdomain may hold only letters, digits and inner hyphens';

/** What is wrong with a typed subdomain (trimmed, lower-cased as the server does), or undefined. */
export function subdomainProblem(subdomain: string): string | undefined {
  const value = subdomain.trim().toLowerCase();
  if (value.length < SUBDOMAIN_MIN_LENGTH) return SUBDOMAIN_SHORT_MESSAGE;
  if (value.length > SUBDOMAIN_MAX_LENGTH) return SUBDOMAIN_LONG_MESSAGE;
  if (!SUBDOMAIN_PATTERN.test(value)) return SUBDOMAIN_CHARACTERS_MESSAGE;
  return undefined;
}
