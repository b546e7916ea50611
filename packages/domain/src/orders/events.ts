/** "Types: 1 error, 2 info, 3 warning, 4 refund, 5 cancel, 6 action, 7 email, 8 fulfillment, 9 other payment." */
export const TIMELINE_EVENT_TYPES = {
  error: 1,
  info: 2,
  warning: 3,
  refund: 4,
  cancel: 5,
  action: 6,
  email: 7,
  fulfillment: 8,
  otherPayment: 9,
} as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[keyof typeof TIMELINE_EVENT_TYPES];

/** "1 Clicked, 2 Made a purchase, … 11 Recurring payment." */
export const ACTIVITY_EVENT_TYPES: Readonly<Record<number, string>> = {
  1: 'Clicked',
  2: 'Made a purchase',
  3: 'Opted into a funnel',
  4: 'Started a new subscription',
  5: 'Subscription cancelled',
  6: 'Subscription completed',
  7: 'Subscription failed',
  8: 'Started a new dispute',
  9: 'Was refunded',
  10: 'Attempted to purchase',
  11: 'Recurring payment',
};

export const activityLabel = (eventId: number) => ACTIVITY_EVENT_TYPES[eventId] ?? 'Unknown activity';
