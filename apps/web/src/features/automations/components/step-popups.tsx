import { MERGE_TAGS } from '@funnelwork/blocks';
import {
  AUTOMATION_CONDITION_KEYS,
  type AutomationCondition,
  type AutomationConditionKey,
  type AutomationStep,
  conditionComplete,
  isTestRecipient,
  WAIT_AMOUNT_MAX,
} from '@funnelwork/domain';
import { FILTER_OPERANDS, type FilterOperand, takesValues } from '@funnelwork/domain/analytics/filters';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { useSendTestEmail } from '../../email-editor/api.ts';
import { useEmailTemplates, useSharedEmailTemplates, useTemplateFromShared } from '../api.ts';
import { CONDITION_KEY_LABELS, WEEKDAYS } from '../labels.ts';

type StepPopupProps<S> = {
  /** The step being edited, or undefined for a new one. */
  step?: S;
  onSave: (step: AutomationStep) => void;
  onClose: () => void;
};

type SendEmail = Extract<AutomationStep, { type: 'send_email' }>;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Add action": send e-mail — one of the member's templates, or a copy of a shared design opened in
 * the e-mail editor (in this tab, the workflow saved first; the editor's Back link returns to it); to the
 * customer or a fixed address;
 * a subject with merge tags; open and click tracking (on unless switched off).
 */
export function AddActionPopup({
  step,
  onSave,
  onClose,
  userId,
  onOpenEditor,
  openingEditor,
}: StepPopupProps<SendEmail> & {
  userId: number;
  /** Opens the template in the e-mail editor in this tab, the workflow saved first (with this step when complete). */
  onOpenEditor: (templateId: number, step: SendEmail | null) => void;
  openingEditor: boolean;
}) {
  const templates = useEmailTemplates(userId);
  const shared = useSharedEmailTemplates();
  const fromShared = useTemplateFromShared(userId);
  const [templateId, setTemplateId] = useState<string | null>(step ? String(step.email_template_id) : null);
  const [design, setDesign] = useState<string | null>(null);
  const [to, setTo] = useState<'customer' | 'address'>(step?.to ?? 'customer');
  const [address, setAddress] = useState(step?.address ?? '');
  const [subject, setSubject] = useState(step?.subject ?? '');
  // "Open and click tracking, on by default and switchable per e-mail."
  const [track, setTrack] = useState(step?.track ?? true);
  const addressOk = to === 'customer' || EMAIL.test(address.trim());
  const complete = templateId !== null && subject.trim() !== '' && addressOk;

  const createFromShared = () => {
    if (!design) return;
    fromShared.mutate(design, {
      onSuccess: ({ id }) => {
        setTemplateId(String(id));
        onOpenEditor(id, stepWith(id));
      },
    });
  };
  /** The step as filled in, or null while it is incomplete. */
  const stepWith = (id: number | null): SendEmail | null =>
    id === null || subject.trim() === '' || !addressOk
      ? null
      : {
          type: 'send_email',
          email_template_id: id,
          to,
          ...(to === 'address' ? { address: address.trim() } : {}),
          subject: subject.trim(),
          track,
        };
  const save = () => {
    const filled = stepWith(templateId === null ? null : Number(templateId));
    if (filled) onSave(filled);
  };

  return (
    <AppModal opened onClose={onClose} title="Add action" size="lg">
      <Stack>
        <Text fw={600}>Send e-mail</Text>
        <Select
          label="E-mail template"
          placeholder={templates.isPending ? 'Loading…' : 'Choose a template'}
          searchable
          value={templateId}
          onChange={setTemplateId}
          data={(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          nothingFoundMessage="No templates yet: create one from a design below"
        />
        {templateId !== null && (
          <Group>
            <Button
              variant="light"
              size="xs"
              loading={openingEditor}
              onClick={() => onOpenEditor(Number(templateId), stepWith(Number(templateId)))}
            >
              Open in the e-mail editor
            </Button>
            <Text size="xs" c="dimmed">
              The workflow is saved first; the editor's Back link returns here.
            </Text>
          </Group>
        )}
        {templateId !== null && <SendTestFromStep templateId={Number(templateId)} />}
        <Group align="flex-end">
          <Select
            label="Or start from a design"
            placeholder="Choose a design"
            flex={1}
            value={design}
            onChange={setDesign}
            data={(shared.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          />
          <Button
            variant="default"
            disabled={!design}
            loading={fromShared.isPending}
            onClick={createFromShared}
          >
            Create and edit
          </Button>
        </Group>
        <Divider />
        <SegmentedControl
          value={to}
          onChange={(value) => setTo(value as 'customer' | 'address')}
          data={[
            { value: 'customer', label: 'To the customer' },
            { value: 'address', label: 'To an address' },
          ]}
        />
        {to === 'address' && (
          <TextInput
            label="E-mail address"
            placeholder="Type a valid email address"
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            error={address !== '' && !addressOk ? 'must be an e-mail address' : undefined}
          />
        )}
        <TextInput
          label="Subject"
          maxLength={200}
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          description={`Merge tags: ${MERGE_TAGS.slice(0, 6)
            .map((tag) => `{{${tag}}}`)
            .join(' ')}`}
        />
        <Switch
          label="Track opens and clicks"
          description="A tiny image and links through Funnelwork count who opens and clicks; mail scanners are not counted."
          checked={track}
          onChange={(event) => setTrack(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!complete} onClick={save}>
            {step ? 'Save' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** "Send test email" from the step: the chosen template (saved version) to a recipient, via operation 1016. */
function SendTestFromStep({ templateId }: { templateId: number }) {
  const send = useSendTestEmail();
  const [recipient, setRecipient] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const valid = isTestRecipient(recipient);
  return (
    <Group align="flex-end">
      <TextInput
        label="Send a test email"
        placeholder="Type a valid email address"
        type="email"
        flex={1}
        value={recipient}
        onChange={(event) => {
          setRecipient(event.currentTarget.value);
          setSentTo(null);
          setFailed(false);
        }}
        error={failed || send.error?.message || undefined}
        description={sentTo ? `The test email was sent to ${sentTo}.` : undefined}
      />
      <Button
        variant="default"
        disabled={!valid}
        loading={send.isPending}
        onClick={() =>
          send.mutate(
            { recipient: recipient.trim(), templateId },
            {
              onSuccess: (answer) => (answer.success ? setSentTo(recipient.trim()) : setFailed(true)),
            },
          )
        }
      >
        Send test email
      </Button>
    </Group>
  );
}

type Wait = Extract<AutomationStep, { type: 'wait' }>;

/** "Add wait": a number 0–10000 of minutes, hours or days, or until a weekday and time. */
export function AddWaitPopup({ step, onSave, onClose }: StepPopupProps<Wait>) {
  const [mode, setMode] = useState<'delay' | 'until'>(step?.mode ?? 'delay');
  const [amount, setAmount] = useState<number | string>(step?.mode === 'delay' ? step.amount : 1);
  const [unit, setUnit] = useState<'minutes' | 'hours' | 'days'>(step?.mode === 'delay' ? step.unit : 'days');
  const [weekday, setWeekday] = useState<string>(step?.mode === 'until' ? String(step.weekday) : '1');
  const [time, setTime] = useState(step?.mode === 'until' ? step.time : '09:00');
  const amountOk =
    typeof amount === 'number' && Number.isInteger(amount) && amount >= 0 && amount <= WAIT_AMOUNT_MAX;
  const timeOk = /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
  const complete = mode === 'delay' ? amountOk : timeOk;
  const save = () => {
    if (!complete) return;
    onSave(
      mode === 'delay'
        ? { type: 'wait', mode, amount: amount as number, unit }
        : { type: 'wait', mode, weekday: Number(weekday), time },
    );
  };
  return (
    <AppModal opened onClose={onClose} title="Add wait">
      <Stack>
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as 'delay' | 'until')}
          data={[
            { value: 'delay', label: 'Wait for' },
            { value: 'until', label: 'Wait until' },
          ]}
        />
        {mode === 'delay' ? (
          <Group grow align="flex-start">
            <NumberInput
              label="Amount"
              min={0}
              max={WAIT_AMOUNT_MAX}
              allowDecimal={false}
              allowNegative={false}
              value={amount}
              onChange={setAmount}
              error={amountOk ? undefined : `must be 0 to ${WAIT_AMOUNT_MAX}`}
            />
            <Select
              label="Unit"
              allowDeselect={false}
              value={unit}
              onChange={(value) => value && setUnit(value as typeof unit)}
              data={[
                { value: 'minutes', label: 'Minutes' },
                { value: 'hours', label: 'Hours' },
                { value: 'days', label: 'Days' },
              ]}
            />
          </Group>
        ) : (
          <Group grow align="flex-start">
            <Select
              label="Weekday"
              allowDeselect={false}
              value={weekday}
              onChange={(value) => value && setWeekday(value)}
              data={WEEKDAYS.map((day, i) => ({ value: String(i + 1), label: day }))}
            />
            <TextInput
              label="Time"
              type="time"
              value={time}
              onChange={(event) => setTime(event.currentTarget.value)}
              description="In the account's time zone"
            />
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!complete} onClick={save}>
            {step ? 'Save' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

type Condition = Extract<AutomationStep, { type: 'condition' }>;
type DraftCondition = Omit<Partial<AutomationCondition>, 'id'> & { id: string };
const newDraft = (): DraftCondition => ({ id: crypto.randomUUID(), key: 'customer_email' });

/**
 * "Another condition": filter conditions (key, operand, value or values), all or any of them; "Add/Save
 * disabled without operand or value(s)".
 */
export function ConditionPopup({ step, onSave, onClose }: StepPopupProps<Condition>) {
  const [match, setMatch] = useState<'all' | 'any'>(step?.match ?? 'all');
  const [drafts, setDrafts] = useState<DraftCondition[]>(
    step ? step.conditions.map((c) => ({ ...c, id: String(c.id ?? crypto.randomUUID()) })) : [newDraft()],
  );
  const complete = drafts.length > 0 && drafts.every(conditionComplete);
  const change = (id: string, patch: Omit<Partial<AutomationCondition>, 'id'>) =>
    setDrafts((list) => list.map((d) => (d.id === id ? { ...d, ...patch } : d)));
  const save = () => {
    if (!complete) return;
    onSave({
      type: 'condition',
      match,
      conditions: drafts.map(({ id, key, operand, value, values }) => ({
        id,
        key: key as AutomationConditionKey,
        operand: operand as FilterOperand,
        ...(takesValues(operand as FilterOperand) ? { values } : { value }),
      })),
      yes: [],
      no: [],
    });
  };
  return (
    <AppModal opened onClose={onClose} title="Another condition" size="xl">
      <Stack>
        <Group gap="xs">
          <Text size="sm">Yes when</Text>
          <SegmentedControl
            size="xs"
            value={match}
            onChange={(value) => setMatch(value as 'all' | 'any')}
            data={[
              { value: 'all', label: 'all' },
              { value: 'any', label: 'any' },
            ]}
          />
          <Text size="sm">of these hold:</Text>
        </Group>
        {drafts.map((draft, index) => (
          <Group key={draft.id} align="flex-end" wrap="nowrap" data-testid="condition-row">
            <Select
              label={index === 0 ? 'Field' : undefined}
              aria-label="Field"
              allowDeselect={false}
              w={180}
              value={draft.key ?? null}
              onChange={(value) => change(draft.id, { key: value as AutomationConditionKey })}
              data={AUTOMATION_CONDITION_KEYS.map((key) => ({
                value: key,
                label: CONDITION_KEY_LABELS[key],
              }))}
            />
            <Select
              label={index === 0 ? 'Operand' : undefined}
              aria-label="Operand"
              placeholder="Operand"
              w={170}
              value={draft.operand ?? null}
              onChange={(value) =>
                change(draft.id, { operand: (value ?? undefined) as FilterOperand | undefined })
              }
              data={FILTER_OPERANDS.map((o) => ({ value: o.operand, label: o.label }))}
            />
            {draft.operand && takesValues(draft.operand) ? (
              <TagsInput
                label={index === 0 ? 'Values' : undefined}
                aria-label="Values"
                placeholder="Type and press Enter"
                flex={1}
                value={draft.values ?? []}
                onChange={(values) => change(draft.id, { values })}
              />
            ) : (
              <TextInput
                label={index === 0 ? 'Value' : undefined}
                aria-label="Value"
                flex={1}
                value={draft.value ?? ''}
                onChange={(event) => change(draft.id, { value: event.currentTarget.value })}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Remove condition"
              disabled={drafts.length === 1}
              onClick={() => setDrafts((list) => list.filter((d) => d.id !== draft.id))}
              mb={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="subtle" w="fit-content" onClick={() => setDrafts((list) => [...list, newDraft()])}>
          + Another condition
        </Button>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!complete} onClick={save}>
            {step ? 'Save' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

type SendSms = Extract<AutomationStep, { type: 'send_sms' }>;

/**
 * "Send SMS": a text to the customer's phone with the e-mails' merge tags, from the funnel's SMS
 * number (or the account's default); each message is paid from the SMS balance.
 */
export function SendSmsPopup({ step, onSave, onClose }: StepPopupProps<SendSms>) {
  const [text, setText] = useState(step?.text ?? 'Hi {{first_name}}, thank you for your order!');
  const complete = text.trim() !== '' && text.length <= 1600;
  return (
    <AppModal opened onClose={onClose} title="Send SMS">
      <Stack>
        <Textarea
          label="Text"
          description={`Merge tags: ${MERGE_TAGS.slice(0, 4)
            .map((tag) => `{{${tag}}}`)
            .join(' ')}`}
          autosize
          minRows={3}
          maxLength={1600}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          Sent to the customer's phone, paid from the SMS balance (Settings → SMS). Customers who reply STOP
          are skipped.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!complete} onClick={() => onSave({ type: 'send_sms', text: text.trim() })}>
            Save
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** "End automation": the run stops here; nothing can follow it in its list. */
export function EndAutomationPopup({ onSave, onClose }: StepPopupProps<never>) {
  return (
    <AppModal opened onClose={onClose} title="End automation">
      <Stack>
        <Text size="sm">The automation's run ends at this point. No step can follow it here.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onSave({ type: 'end' })}>End automation</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
