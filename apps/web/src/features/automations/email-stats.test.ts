import type { AutomationStep } from '@funnelwork/domain';
import { describe, expect, it } from 'vitest';
import { sharePercent, stepEmailStats } from './email-stats.ts';

const email = (templateId: number): AutomationStep => ({
  type: 'send_email',
  email_template_id: templateId,
  to: 'customer',
  subject: 'Hi',
  track: true,
});
const wait: AutomationStep = { type: 'wait', mode: 'delay', amount: 1, unit: 'days' };
const saved: AutomationStep[] = [
  wait,
  { type: 'condition', match: 'all', conditions: [], yes: [email(7)], no: [] },
  email(8),
];
const stats = [
  { path: '1/yes/0', sent: 4, opened: 2, clicked: 1 },
  { path: '2', sent: 3, opened: 0, clicked: 0 },
];

describe('stepEmailStats', () => {
  it("gives a send-e-mail step the counts of its path ('counted per automation step')", () => {
    expect(stepEmailStats(stats, saved, [1, 'yes', 0], email(7))).toEqual(stats[0]);
    expect(stepEmailStats(stats, saved, [2], email(8))).toEqual(stats[1]);
  });

  it('shows zeros for a saved e-mail step that has not sent yet', () => {
    expect(stepEmailStats([], saved, [2], email(8))).toEqual({ path: '2', sent: 0, opened: 0, clicked: 0 });
  });

  it('keeps the counts while only the draft changes the step (its subject, its tracking)', () => {
    const edited = { ...email(8), subject: 'Changed', track: false };
    expect(stepEmailStats(stats, saved, [2], edited)).toEqual(stats[1]);
  });

  it('shows none where the draft moved the saved e-mail away, or for other steps, or before the answer', () => {
    // A wait inserted at 2 pushes the saved e-mail to 3: neither place shows its counts.
    expect(stepEmailStats(stats, saved, [2], wait)).toBeUndefined();
    expect(stepEmailStats(stats, saved, [3], email(8))).toBeUndefined();
    // Another template put at a saved e-mail's place.
    expect(stepEmailStats(stats, saved, [2], email(9))).toBeUndefined();
    // A new e-mail step where the saved tree has none.
    expect(stepEmailStats(stats, saved, [1, 'no', 0], email(7))).toBeUndefined();
    expect(stepEmailStats(undefined, saved, [2], email(8))).toBeUndefined();
  });
});

describe('sharePercent', () => {
  it('rounds to a whole percent of the sent messages, and has none before any is sent', () => {
    expect(sharePercent(1, 3)).toBe('33%');
    expect(sharePercent(2, 3)).toBe('67%');
    expect(sharePercent(0, 0)).toBe('–');
  });
});
