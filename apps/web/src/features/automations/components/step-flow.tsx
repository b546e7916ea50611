import type { AutomationEmailStat, AutomationStep, StepPath } from '@funnelwork/domain';
import { endsList } from '@funnelwork/domain/automations/step-tree';
import { ActionIcon, Badge, Card, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { sharePercent } from '../email-stats.ts';
import { stepSummary } from '../labels.ts';
import classes from './automations.module.css';

export type StepKind = 'action' | 'integration' | 'sms' | 'wait' | 'condition' | 'end';
const KIND_OF: Record<AutomationStep['type'], StepKind> = {
  send_email: 'action',
  send_sms: 'sms',
  integration: 'integration',
  wait: 'wait',
  condition: 'condition',
  end: 'end',
};
export const stepKind = (step: AutomationStep) => KIND_OF[step.type];

type StepFlowProps = {
  steps: AutomationStep[];
  /** The path of this list's first place: [] for the top list, [2, 'yes'] for a branch. */
  at: StepPath;
  templateName: (id: number) => string;
  /** Open the popup of a new step of `kind` at `path`. */
  onAdd: (path: StepPath, kind: StepKind) => void;
  onEdit: (path: StepPath, step: AutomationStep) => void;
  onRemove: (path: StepPath) => void;
  /** Move the step one place up (-1) or down (+1) in its list; absent where the step cannot go. */
  onMove: (path: StepPath, delta: -1 | 1) => void;
  canMove: (path: StepPath, delta: -1 | 1) => boolean;
  readOnly: boolean;
  /** The sent, opened and clicked counts a send-e-mail step shows, if any. */
  emailStats: (path: StepPath, step: AutomationStep) => AutomationEmailStat | undefined;
};

/** "+" between steps: the four kinds of step the automation builder adds. */
function AddButton({
  path,
  onAdd,
  readOnly,
}: {
  path: StepPath;
  onAdd: StepFlowProps['onAdd'];
  readOnly: boolean;
}) {
  if (readOnly) return <div className={classes.connector} />;
  return (
    <>
      <div className={classes.connector} />
      <Menu position="bottom" withArrow>
        <Menu.Target>
          <ActionIcon variant="light" radius="xl" aria-label={`Add a step at ${path.join('/')}`}>
            <IconPlus size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onAdd(path, 'action')}>Add action</Menu.Item>
          <Menu.Item onClick={() => onAdd(path, 'integration')}>Add integration action</Menu.Item>
          <Menu.Item onClick={() => onAdd(path, 'sms')}>Send SMS</Menu.Item>
          <Menu.Item onClick={() => onAdd(path, 'wait')}>Add wait</Menu.Item>
          <Menu.Item onClick={() => onAdd(path, 'condition')}>Another condition</Menu.Item>
          <Menu.Item onClick={() => onAdd(path, 'end')}>End automation</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <div className={classes.connector} />
    </>
  );
}

export const KIND_LABELS: Record<StepKind, string> = {
  action: 'Send e-mail',
  integration: 'Integration',
  sms: 'Send SMS',
  wait: 'Wait',
  condition: 'Condition',
  end: 'End',
};

/** Under a send-e-mail step: how many messages it sent, and how many of them were opened and clicked. */
function EmailStatsLine({ stat }: { stat: AutomationEmailStat }) {
  const counts = [
    { label: 'Sent', value: String(stat.sent) },
    { label: 'Opened', value: `${stat.opened} (${sharePercent(stat.opened, stat.sent)})` },
    { label: 'Clicked', value: `${stat.clicked} (${sharePercent(stat.clicked, stat.sent)})` },
  ];
  return (
    <Group gap="md" mt={6} data-testid="step-email-stats">
      {counts.map(({ label, value }) => (
        <Text key={label} size="xs" c="dimmed">
          {label}{' '}
          <Text span size="xs" fw={600} c="var(--mantine-color-text)">
            {value}
          </Text>
        </Text>
      ))}
    </Group>
  );
}

/** A list of steps top to bottom, a condition's Yes and No branches side by side under it. */
export function StepFlow(props: StepFlowProps) {
  const { steps, at, templateName, onAdd, onEdit, onRemove, onMove, canMove, readOnly, emailStats } = props;
  const place = (index: number): StepPath => [...at, index];
  return (
    <div className={classes.flow}>
      {steps.map((step, index) => {
        const path = place(index);
        const stat = emailStats(path, step);
        return (
          <div key={path.join('/')} className={classes.flow} style={{ width: '100%' }}>
            <AddButton path={path} onAdd={onAdd} readOnly={readOnly} />
            <Card withBorder className={classes.stepCard} data-testid="step-card" data-type={step.type}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Group gap={6}>
                    <Badge size="xs" variant="light">
                      {KIND_LABELS[stepKind(step)]}
                    </Badge>
                    {step.type === 'send_email' && step.track === false && (
                      <Badge size="xs" variant="light" color="gray">
                        Tracking off
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" mt={4}>
                    {stepSummary(step, templateName)}
                  </Text>
                  {stat && <EmailStatsLine stat={stat} />}
                </div>
                {!readOnly && (
                  <Group gap={2} wrap="nowrap">
                    {step.type !== 'end' && (
                      <Tooltip label="Edit step">
                        <ActionIcon
                          variant="subtle"
                          aria-label="Edit step"
                          onClick={() => onEdit(path, step)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {([-1, 1] as const).map((delta) => {
                      const label = delta === -1 ? 'Move step up' : 'Move step down';
                      return (
                        <Tooltip key={delta} label={label}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`${label}: ${KIND_LABELS[stepKind(step)]}, step ${index + 1} of ${steps.length}`}
                            data-move={`${path.join('/')}:${delta}`}
                            disabled={!canMove(path, delta)}
                            onClick={() => onMove(path, delta)}
                          >
                            {delta === -1 ? <IconArrowUp size={16} /> : <IconArrowDown size={16} />}
                          </ActionIcon>
                        </Tooltip>
                      );
                    })}
                    <Tooltip label="Delete step">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="Delete step"
                        onClick={() => onRemove(path)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Group>
            </Card>
            {step.type === 'condition' && (
              <>
                <div className={classes.connector} />
                <div className={classes.branches}>
                  {(['yes', 'no'] as const).map((branch) => (
                    <div key={branch} className={classes.branch} data-testid={`branch-${branch}`}>
                      <Text ta="center" fw={700} size="sm" c={branch === 'yes' ? 'green' : 'red'}>
                        {branch === 'yes' ? 'Yes' : 'No'}
                      </Text>
                      <StepFlow {...props} steps={step[branch]} at={[...path, branch]} />
                    </div>
                  ))}
                </div>
              </>
            )}
          </div>
        );
      })}
      {!endsList(steps) && <AddButton path={place(steps.length)} onAdd={onAdd} readOnly={readOnly} />}
    </div>
  );
}
