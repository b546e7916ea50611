import { describe, expect, it } from 'vitest';
import { stepMovedAnnouncement } from './step-moves.ts';

describe('automation step moves (issue 39: the merchant’s words)', () => {
  it("names the step's kind and its new position: 'Wait step moved to position 1 of 3.'", () => {
    expect(stepMovedAnnouncement('Wait', [0], 3)).toBe('Wait step moved to position 1 of 3.');
  });

  it('says which branch of a condition the step is in', () => {
    expect(stepMovedAnnouncement('Send e-mail', [2, 'yes', 1], 2)).toBe(
      'Send e-mail step moved to position 2 of 2 in the Yes branch.',
    );
    expect(stepMovedAnnouncement('Send SMS', [0, 'no', 0], 4)).toBe(
      'Send SMS step moved to position 1 of 4 in the No branch.',
    );
  });
});
