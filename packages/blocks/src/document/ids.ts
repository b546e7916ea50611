import { z } from 'zod';

/** Sections, rows and blocks are keyed by random whole numbers (spec §5 "Editor: new ids …"). */
export type NodeId = number;
export const nodeIdSchema = z.number().int().min(1);

export type DocumentKind = 'page' | 'email';
export const documentKindSchema = z.enum(['page', 'email']);

/** "Random id range 1 to 100000 (email) or 1 to 1000000 (pages)." */
export const ID_RANGES: Readonly<Record<DocumentKind, number>> = { page: 1_000_000, email: 100_000 };

/** Enough draws that a collision streak means the random source is broken, not unlucky. */
const MAX_DRAWS = 1_000;

/**
 * "Editor: new ids are random whole numbers, redrawn on collision." `random` returns a number in [0, 1),
 * like Math.random, so a test can inject a fixed sequence.
 */
export function newId(
  existing: ReadonlySet<NodeId>,
  kind: DocumentKind,
  random: () => number = Math.random,
): NodeId {
  const max = ID_RANGES[kind];
  for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
    const id = Math.min(max, Math.floor(random() * max) + 1);
    if (id >= 1 && !existing.has(id)) return id;
  }
  throw new RangeError(`No free ${kind} id after ${MAX_DRAWS} draws`);
}
