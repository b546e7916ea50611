import type { AutomationStep, StepPath } from '@funnelwork/domain/automations/rules';
import type { Db } from '../../../db/client.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import type { IntegrationsService } from '../../integrations/integrations.service.ts';
import type { SmsSending } from '../../sms/sms.sending.ts';
import type { RunContext } from './run-context.ts';
import type { Run, RunState, RunStep } from './run-state.ts';
import type { StepJobs } from './step-job.ts';

export type StepType = AutomationStep['type'];
export type StepOf<K extends StepType> = Extract<AutomationStep, { type: K }>;

/** What every step kind may use: the database, the run's state and jobs, and the services steps call. */
export type EngineParts = {
  db: Db;
  clock: () => Date;
  state: RunState;
  jobs: StepJobs;
  mailer: Mailer;
  /** SMS delivery: the send_sms step records the message and its debit, this sends it after the commit. */
  sms: Pick<SmsSending, 'enqueueIn' | 'wake'>;
  /** The integration step's call: the adapters' methods, as call-integration-method runs them. */
  integrations: Pick<IntegrationsService, 'callForAutomation' | 'inputFromOrderOf'>;
  /** The links' HMAC key and the public address they point to. */
  marketing: { key: Buffer; publicUrl: string };
  /** The queue's job expiry: an integration call's lease. */
  jobExpirySeconds: number;
};

/** One step of one run, at the run's current place, not yet done. */
export type StepCall<K extends StepType> = {
  run: Run;
  /** The step's place as stored (`2/yes/0`), and parsed. */
  key: string;
  path: StepPath;
  step: StepOf<K>;
  /** The step's row, when an earlier attempt or job wrote one (a wait that is sleeping, a failed attempt). */
  existing: RunStep | undefined;
  now: Date;
  /** The run's event, order and customer, read once per job when a step first needs them. */
  context: () => Promise<RunContext>;
};

/** A kind of step: registered in `step-kinds.ts` under its type. */
export type StepKind<K extends StepType> = {
  /** An effect outside the run (a message, a call): a job does at most one. */
  sideEffect: boolean;
  /** Does the step once, from where the run is; answers whether the run moved on to a step due now. */
  run(call: StepCall<K>, parts: EngineParts): Promise<boolean>;
};
