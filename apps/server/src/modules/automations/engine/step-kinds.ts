import type { StepKind, StepType } from './step-kind.ts';
import { conditionStep } from './steps/condition.ts';
import { endStep } from './steps/end.ts';
import { integrationStep } from './steps/integration.ts';
import { sendEmailStep } from './steps/send-email.ts';
import { sendSmsStep } from './steps/send-sms.ts';
import { waitStep } from './steps/wait.ts';

/** Every kind of automation step by its type: a new type in `AutomationStep` does not compile until it is here. */
export const STEP_KINDS: { [K in StepType]: StepKind<K> } = {
  end: endStep,
  condition: conditionStep,
  wait: waitStep,
  send_email: sendEmailStep,
  send_sms: sendSmsStep,
  integration: integrationStep,
};

export function stepKindOf<K extends StepType>(type: K): StepKind<K> {
  return STEP_KINDS[type];
}
