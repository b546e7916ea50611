import type { ActivityItem } from '@funnelwork/domain/activity/contracts';
import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { activityPerson, activityText, pageViewBars, totalViews } from './activity-text.ts';

const item: ActivityItem = {
  event_id: 2,
  first_name: 'Ada',
  last_name: 'Lovelace',
  optin_email: 'ada@example.test',
  amount: 49,
  currency: 'USD',
  time: 1_700_000_000,
  customer_id: 4,
};

describe('activity lines', () => {
  test('names the customer, else the opt-in e-mail, else a visitor', () => {
    expect(activityPerson(item)).toBe('Ada Lovelace');
    expect(activityPerson({ ...item, first_name: '', last_name: '' })).toBe('ada@example.test');
    expect(activityPerson({ ...item, first_name: '', last_name: '', optin_email: '' })).toBe('A visitor');
  });
  test("uses the spec's event-type texts, with the amount when the event has one", () => {
    expect(activityText(item)).toBe('Made a purchase · $49.00');
    expect(activityText({ ...item, event_id: 3, amount: null, currency: null })).toBe('Opted into a funnel');
    expect(activityText({ ...item, event_id: 9, amount: 12.5, currency: 'RON' })).toBe(
      'Was refunded · 12.50 lei',
    );
    expect(activityText({ ...item, event_id: 11, amount: null })).toBe('Recurring payment');
  });
});

describe('page-view bars ("the chart shows the latest 24 minutes")', () => {
  const start = dayjs('2026-03-10T10:00:00').unix();
  const minutes = Array.from({ length: 30 }, (_, i) => ({ time: start + i * 60, count: i }));
  test('keeps the latest 24 minutes, oldest first, labelled HH:mm', () => {
    const bars = pageViewBars(minutes);
    expect(bars).toHaveLength(24);
    expect(bars[0]).toEqual({ minute: '10:06', views: 6 });
    expect(bars.at(-1)).toEqual({ minute: '10:29', views: 29 });
  });
  test('sums the views', () => {
    expect(totalViews(minutes.slice(0, 4))).toBe(6);
  });
});
