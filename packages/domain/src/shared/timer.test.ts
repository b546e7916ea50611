import { describe, expect, it } from 'vitest';
import { formatTimer, formatTimerPart, TIMER_DEFAULT } from './timer.ts';

describe(
  '"Timer display: values under 10 are zero-padded; hours above 23 show 00; minutes ' +
    'or seconds above 60 show 60."',
  () => {
    it('"values under 10 are zero-padded"', () => {
      expect(formatTimerPart(0, 'hours')).toBe('00');
      expect(formatTimerPart(9, 'minutes')).toBe('09');
      expect(formatTimerPart(10, 'seconds')).toBe('10');
      expect(formatTimerPart(5.9, 'seconds')).toBe('05');
    });
    it('"hours above 23 show 00"', () => {
      expect(formatTimerPart(23, 'hours')).toBe('23');
      expect(formatTimerPart(24, 'hours')).toBe('00');
      expect(formatTimerPart(99, 'hours')).toBe('00');
    });
    it('"minutes or seconds above 60 show 60"', () => {
      expect(formatTimerPart(60, 'minutes')).toBe('60');
      expect(formatTimerPart(61, 'minutes')).toBe('60');
      expect(formatTimerPart(59, 'seconds')).toBe('59');
      expect(formatTimerPart(120, 'seconds')).toBe('60');
      expect(formatTimerPart(45, 'hours')).toBe('00');
    });
    it('shows 00 for values the spec does not cover (negative, not a number)', () => {
      expect(formatTimerPart(-3, 'minutes')).toBe('00');
      expect(formatTimerPart(Number.NaN, 'seconds')).toBe('00');
    });
  },
);

describe('"Timer default 1 h 45 m 15 s"', () => {
  it('formats the default as 01:45:15', () => {
    expect(TIMER_DEFAULT).toEqual({ hours: 1, minutes: 45, seconds: 15 });
    expect(formatTimer(TIMER_DEFAULT)).toEqual({ hours: '01', minutes: '45', seconds: '15' });
    expect(formatTimer({ hours: 30, minutes: 75, seconds: 3 })).toEqual({
      hours: '00',
      minutes: '60',
      seconds: '03',
    });
  });
});
