import { describe, expect, it } from 'vitest';
import { formatTimer, formatTimerPart, TIMER_DEFAULT } from './timer.ts';

describe('timer display (spec §5)', () => {
  it('"values under 10 are zero-padded"', () => {
    expect(formatTimerPart(7, 'minutes')).toBe('07');
    expect(formatTimerPart(10, 'seconds')).toBe('10');
  });
  it('"hours above 23 show 00"', () => {
    expect(formatTimerPart(23, 'hours')).toBe('23');
    expect(formatTimerPart(24, 'hours')).toBe('00');
  });
  it('"minutes or seconds above 60 show 60"', () => {
    expect(formatTimerPart(60, 'minutes')).toBe('60');
    expect(formatTimerPart(61, 'minutes')).toBe('60');
    expect(formatTimerPart(99, 'seconds')).toBe('60');
  });
  it('"Timer default 1 h 45 m 15 s"', () => {
    expect(formatTimer(TIMER_DEFAULT)).toEqual({ hours: '01', minutes: '45', seconds: '15' });
  });
});
