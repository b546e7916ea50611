export type TimerValue = { hours: number; minutes: number; seconds: number };

/** "Timer default 1 h 45 m 15 s." */
export const TIMER_DEFAULT: TimerValue = { hours: 1, minutes: 45, seconds: 15 };

/** "values under 10 are zero-padded; hours above 23 show 00; minutes or seconds above 60 show 60." */
export function formatTimerPart(value: number, part: keyof TimerValue): string {
  const whole = Math.max(0, Math.floor(value));
  if (part === 'hours' && whole > 23) return '00';
  if (part !== 'hours' && whole > 60) return '60';
  return String(whole).padStart(2, '0');
}

export function formatTimer(value: TimerValue): Record<keyof TimerValue, string> {
  return {
    hours: formatTimerPart(value.hours, 'hours'),
    minutes: formatTimerPart(value.minutes, 'minutes'),
    seconds: formatTimerPart(value.seconds, 'seconds'),
  };
}
