import { TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { orderNotes } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import type { OrdersContext } from './orders.context.ts';
import { addEvent, findOrder, noteOut } from './orders.queries.ts';

/** How much of a note its timeline event repeats. */
export const NOTE_EVENT_TEXT = 200;

/** One note of one of the account's orders. */
const noteOf = (accountId: number, orderId: number, noteId: number) =>
  and(ownedBy(orderNotes, accountId), eq(orderNotes.orderId, orderId), eq(orderNotes.id, noteId));

/** A note's timeline event: its text (at most NOTE_EVENT_TEXT characters) as the event's `desc`. */
function noteEvent(tx: Db, accountId: number, orderId: number, name: string, text: string, userId: number) {
  const desc = text.length > NOTE_EVENT_TEXT ? `${text.slice(0, NOTE_EVENT_TEXT - 1)}…` : text;
  return addEvent(tx, accountId, orderId, TIMELINE_EVENT_TYPES.action, name, { desc }, userId);
}

/**
 * Notes: each write and its timeline event (type 6 action: 'Note added', 'Note edited', 'Note
 * deleted', with the note's text in `desc`) in one transaction, so the order's history shows who
 * changed its notes even after a note is gone (docs/decisions/orders-and-customers.md).
 */
export function createOrderNotes({ db, clock, withLockedOrder }: OrdersContext) {
  return {
    async notes(accountId: number, id: number) {
      await findOrder(db, accountId, id);
      const rows = await db
        .select()
        .from(orderNotes)
        .where(and(ownedBy(orderNotes, accountId), eq(orderNotes.orderId, id)))
        .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
      return rows.map(noteOut);
    },

    async addNote(accountId: number, userId: number, id: number, value: string) {
      return withLockedOrder(accountId, id, async (tx, order) => {
        const [row] = await tx
          .insert(orderNotes)
          .values({
            accountId,
            orderId: order.id,
            userId,
            customerId: order.customerId,
            pageId: order.pageId,
            funnelId: order.funnelId,
            stepId: order.stepId,
            value,
          })
          .returning();
        await noteEvent(tx, accountId, order.id, 'Note added', value, userId);
        return noteOut(row as typeof orderNotes.$inferSelect);
      });
    },

    async updateNote(accountId: number, userId: number, id: number, noteId: number, value: string) {
      return withLockedOrder(accountId, id, async (tx, order) => {
        const [row] = await tx
          .update(orderNotes)
          .set({ value, updatedAt: clock() })
          .where(noteOf(accountId, order.id, noteId))
          .returning();
        if (!row) throw notFound('Note');
        await noteEvent(tx, accountId, order.id, 'Note edited', value, userId);
        return noteOut(row);
      });
    },

    async deleteNote(accountId: number, userId: number, id: number, noteId: number) {
      await withLockedOrder(accountId, id, async (tx, order) => {
        const [deleted] = await tx
          .delete(orderNotes)
          .where(noteOf(accountId, order.id, noteId))
          .returning({ value: orderNotes.value });
        if (!deleted) throw notFound('Note');
        await noteEvent(tx, accountId, order.id, 'Note deleted', deleted.value, userId);
      });
    },
  };
}
