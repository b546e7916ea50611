import { describe, expect, it } from 'vitest';
import {
  COPY_TOOLTIP_RESET_MS,
  DASHBOARD_LOAD_FAILURE,
  DEFAULT_TIME_ZONE,
  ERROR_BOX_MESSAGE,
  ERROR_BOX_TITLE,
  ERROR_NOTICE_MS,
  GENERIC_WARN,
  NUMBER_INPUT_MAX,
  NUMBER_INPUT_MIN,
  noticeDurationMs,
  PAGE_SIZE,
  SUBDOMAIN_MIN_LENGTH,
  SUBDOMAIN_UNEXPECTED,
  TIMEZONE_FAILURE,
  TIMEZONE_SUCCESS,
} from './messages.ts';

describe('notice texts', () => {
  it('keeps the exact texts of the spec', () => {
    expect(GENERIC_WARN).toBe('Something went wrong... Please try again later');
    expect(ERROR_BOX_TITLE).toBe('Something went wrong on this page');
    expect(ERROR_BOX_MESSAGE).toBe('Please try again later');
    expect(TIMEZONE_SUCCESS).toBe('Your timezone was updated successfully');
    expect(TIMEZONE_FAILURE).toBe('Something went wrong! try again later.');
    expect(SUBDOMAIN_UNEXPECTED).toBe(
      'Something went wrong! try again in a bit, do let us know if this problem persists.',
    );
    expect(DASHBOARD_LOAD_FAILURE).toBe('Something went wrong! try again.');
  });
});

describe('"Error notices last 10 s; warn and info notices stay until clicked"', () => {
  it('gives error notices 10 s and the others no time limit', () => {
    expect(ERROR_NOTICE_MS).toBe(10_000);
    expect(noticeDurationMs('error')).toBe(10_000);
    expect(noticeDurationMs('warn')).toBeNull();
    expect(noticeDurationMs('info')).toBeNull();
  });
});

describe('defaults', () => {
  it('uses Europe/London, subdomains of at least 5 characters and pages of 25', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Europe/London');
    expect(SUBDOMAIN_MIN_LENGTH).toBe(5);
    expect(PAGE_SIZE).toBe(25);
  });
});

describe('copy tooltip (spec §9)', () => {
  it('"Copy tooltip resets after 1.5 s."', () => {
    expect(COPY_TOOLTIP_RESET_MS).toBe(1500);
  });
});

describe('"Number inputs: min 0, max 10000."', () => {
  it('bounds number inputs from 0 to 10000', () => {
    expect([NUMBER_INPUT_MIN, NUMBER_INPUT_MAX]).toEqual([0, 10_000]);
  });
});
