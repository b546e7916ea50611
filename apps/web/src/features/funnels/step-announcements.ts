import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

type Named = { id: UniqueIdentifier; name: string };

/** How the keyboard moves a step: dnd-kit reads it out when a step's handle gets the focus. */
export const STEP_DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a step, press Space or Enter to pick it up, the up and down arrows to move it, Space or Enter to drop it, or Escape to put it back.',
};

/**
 * What the live region says while a step is moved (issue 39), in the merchant's words with the step's
 * name and its position out of the funnel's steps: 'Checkout moved to position 2 of 4'.
 */
export function stepAnnouncements(steps: Named[]): Announcements {
  const name = (id: UniqueIdentifier) => steps.find((s) => s.id === id)?.name || 'Step';
  const position = (id: UniqueIdentifier) =>
    `position ${steps.findIndex((s) => s.id === id) + 1} of ${steps.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)} at ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} is over ${position(over.id)}.`
        : `${name(active.id)} is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `${name(active.id)} moved to ${position(over.id)}.`
        : `${name(active.id)} stays at ${position(active.id)}.`,
    onDragCancel: ({ active }) =>
      `Moving ${name(active.id)} was cancelled; it stays at ${position(active.id)}.`,
  };
}
