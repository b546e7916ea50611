import { DateTime } from 'luxon';
import type { WaitStep } from './rules.ts';

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/**
 * When a wait that starts at `from` is over. A delay of days is counted in the account's calendar
 * (the same wall-clock time N days later, across daylight-saving changes); minutes and hours are
 * spans. "Until" is the next given weekday (1 Monday … 7 Sunday) at the given HH:MM in the account's
 * time zone, strictly after `from`.
 */
export function waitEndsAt(step: WaitStep, from: Date, timeZone: string): Date {
  if (step.mode === 'delay') {
    if (step.unit === 'days') {
      return DateTime.fromJSDate(from, { zone: timeZone }).plus({ days: step.amount }).toJSDate();
    }
    return new Date(from.getTime() + step.amount * UNIT_MS[step.unit]);
  }
  const [hour, minute] = step.time.split(':').map(Number) as [number, number];
  const start = DateTime.fromJSDate(from, { zone: timeZone });
  for (let days = 0; days <= 7; days++) {
    const candidate = start.plus({ days }).set({ hour, minute, second: 0, millisecond: 0 });
    if (candidate.weekday === step.weekday && candidate.toMillis() > from.getTime()) {
      return candidate.toJSDate();
    }
  }
  return start.plus({ days: 7 }).toJSDate();
}
