export type TimerPart = 'hours' | 'minutes' | 'seconds';
export type TimerValue = { hours: number; minutes: number; seconds: number };
export type TimerDisplay = { hours: string; minutes: string; seconds: string };

/** "Timer default 1 h 45 m 15 s." */
export const TIMER_DEFAULT: Readonly<TimerValue> = { hours: 1, minutes: 45, seconds: 15 };

/**
 * "Timer display: values under 10 are zero-padded; hours above 23 show 00; minutes or seconds above 60
 * show 60." Fractions are dropped; a negative or non-numeric value shows 00 (the spec does not cover it).
 */
export function formatTimerPart(value: number, part: TimerPart): string {
  const whole = Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
  if (part === 'hours' && whole > 23) return '00';
  if (part !== 'hours' && whole > 60) return '60';
  return String(whole).padStart(2, '0');
}

export function formatTimer(value: TimerValue): TimerDisplay {
  return {
    hours: formatTimerPart(value.hours, 'hours'),
    minutes: formatTimerPart(value.minutes, 'minutes'),
    seconds: formatTimerPart(value.seconds, 'seconds'),
  };
}
