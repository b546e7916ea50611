import { describe, expect, it } from 'vitest';
import { hasUnreadChanges, parseChangelog } from './parse.ts';

describe('parseChangelog', () => {
  it('reads one entry per dated heading, newest first, with its change lines and no prose', () => {
    const markdown = [
      '# Changelog',
      '',
      'What changed, newest first.',
      '',
      '## 2026-11-20',
      '- Older change',
      '',
      '## 2026-11-28',
      '- Pay by card through Stripe',
      '* Refunds go back to the card',
      'A note for readers of the file.',
      '## 2026-11-25',
      '## not a date',
      '- belongs to the 25th heading? no: that heading has a non-date title',
    ].join('\n');
    expect(parseChangelog(markdown)).toEqual([
      { date: '2026-11-28', changes: ['Pay by card through Stripe', 'Refunds go back to the card'] },
      {
        date: '2026-11-25',
        changes: ['belongs to the 25th heading? no: that heading has a non-date title'],
      },
      { date: '2026-11-20', changes: ['Older change'] },
    ]);
  });

  it('has unread changes until the newest entry’s date has been read', () => {
    const entries = [
      { date: '2026-11-28', changes: ['x'] },
      { date: '2026-11-20', changes: ['y'] },
    ];
    expect(hasUnreadChanges(entries, null)).toBe(true);
    expect(hasUnreadChanges(entries, '2026-11-20')).toBe(true);
    expect(hasUnreadChanges(entries, '2026-11-28')).toBe(false);
    expect(hasUnreadChanges([], null)).toBe(false);
  });
});
