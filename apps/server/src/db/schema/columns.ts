import { bigserial, timestamp } from 'drizzle-orm/pg-core';

/** The columns most tables share: a bigserial id and creation and update times. */
export const id = () => bigserial('id', { mode: 'number' }).primaryKey();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
