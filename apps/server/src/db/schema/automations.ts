import type { AutomationStep, AutomationTriggerId } from '@funnelwork/domain/automations/rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountId } from './accounts.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { outboxEvents } from './events.ts';

/**
 * `step_ids` is absent from triggers saved before steps could be chosen (none: every step), `qty` from
 * those saved before the quantity could be (1: every event).
 */
export type AutomationTrigger = {
  id: AutomationTriggerId;
  funnel_ids: number[];
  step_ids?: number[];
  product_ids: number[];
  qty?: number;
};

/**
 * An automation: its trigger and its steps (a tree: conditions hold branches). `version` moves on each
 * edit; a run keeps the definition it started with, so editing never changes runs in flight.
 */
export const automations = pgTable(
  'automations',
  {
    id: id(),
    accountId: accountId(),
    /** Null for a global automation. */
    funnelId: bigint('funnel_id', { mode: 'number' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['draft', 'active', 'inactive'] })
      .notNull()
      .default('draft'),
    trigger: jsonb('trigger').$type<AutomationTrigger>().notNull(),
    steps: jsonb('steps').$type<AutomationStep[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('automations_account_idx').on(t.accountId, t.id),
    index('automations_active_trigger_idx')
      .on(t.accountId, sql`(${t.trigger}->>'id')`)
      .where(sql`${t.status} = 'active' and ${t.archivedAt} is null`),
  ],
);

/** One run of an automation for one trigger event: started once per (automation, event). */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: id(),
    accountId: accountId(),
    automationId: bigint('automation_id', { mode: 'number' })
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The automation's steps when the run started. */
    steps: jsonb('steps').$type<AutomationStep[]>().notNull(),
    status: text('status', { enum: ['running', 'waiting', 'done', 'failed', 'cancelled'] }).notNull(),
    /** The step the run is at ('0', '2/then/0'); null once finished. */
    currentPath: text('current_path'),
    /** When a waiting run is due again. */
    resumeAt: timestamp('resume_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('automation_runs_event_idx').on(t.automationId, t.eventId),
    index('automation_runs_automation_idx').on(t.automationId, t.id),
    index('automation_runs_open_idx').on(t.updatedAt).where(sql`${t.status} in ('running', 'waiting')`),
    // Each step job's priority counts its account's running runs (per-account fairness).
    index('automation_runs_account_running_idx').on(t.accountId).where(sql`${t.status} = 'running'`),
  ],
);

/**
 * A step of a run, recorded before its side effect: the row is the claim, so a retried or duplicated
 * job finds it and does not act twice.
 */
export const automationRunSteps = pgTable(
  'automation_run_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountId(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => automationRuns.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    type: text('type').notNull(),
    status: text('status', { enum: ['running', 'waiting', 'done', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    result: jsonb('result').$type<Record<string, unknown>>().notNull().default({}),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('automation_run_steps_path_idx').on(t.runId, t.path),
    check('automation_run_steps_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
