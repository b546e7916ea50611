import { daysLeft, isTrialPlan } from '@funnelwork/domain/rules';
import { Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconConfetti } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyComponent } from '../../../shared/lazy-component.ts';
import { AppModal } from '../../../shared/popups.tsx';
import { useMe } from '../../session/api.ts';
import { useFinishOnboarding } from '../api.ts';

// Loaded when asked for: the funnels' calls (and zod with them) stay out of every screen's first load.
const AddFunnelPopup = lazyComponent(
  async () => (await import('../../funnels/components/add-funnel-popup.tsx')).AddFunnelPopup,
);

/** The welcome popup for new accounts, shown to their owner while onboarding_finished is false. */
export function WelcomePopup() {
  const me = useMe();
  const navigate = useNavigate();
  const finishOnboarding = useFinishOnboarding();
  const [choice, setChoice] = useState<'close' | 'plan'>('close');
  // "… or creating a funnel sets onboarding_finished": the Add funnel popup in its place until then.
  const [creating, setCreating] = useState(false);
  const left = daysLeft(me.plan_expiry_date, new Date());
  const busy = finishOnboarding.isPending ? choice : null;

  const finish = (next: 'close' | 'plan') => {
    if (busy) return;
    setChoice(next);
    finishOnboarding.mutate(undefined, { onSuccess: () => next === 'plan' && navigate('/billing') });
  };

  return (
    <>
      {creating && (
        <Suspense fallback={null}>
          <AddFunnelPopup opened={!me.onboarding_finished} onClose={() => setCreating(false)} />
        </Suspense>
      )}
      <AppModal
        opened={me.account_owner && !me.onboarding_finished && !creating}
        onClose={() => finish('close')}
        size="lg"
        title={`Welcome to Funnelwork, ${me.member.first_name || 'there'}!`}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={44} radius="xl" variant="light" color="grape">
              <IconConfetti size={26} />
            </ThemeIcon>
            <Text c="dimmed" size="sm">
              {isTrialPlan(me.plan_key) && left !== null && left > 0
                ? `Your free trial is active: ${left} ${left === 1 ? 'day' : 'days'} left. Everything is unlocked while it lasts.`
                : 'Your account is ready.'}
            </Text>
          </Group>
          <Text>Here is how most merchants get their first sale:</Text>
          <List
            spacing="xs"
            icon={
              <ThemeIcon color="teal" size={22} radius="xl">
                <IconCircleCheck size={14} />
              </ThemeIcon>
            }
          >
            <List.Item>Pick your free subdomain in Settings → Account.</List.Item>
            <List.Item>Build a funnel from a template: checkout, upsell and thank-you pages.</List.Item>
            <List.Item>Invite your team and give each person just the access they need.</List.Item>
          </List>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => finish('close')} loading={busy === 'close'}>
              Start exploring
            </Button>
            <Button variant="light" onClick={() => setCreating(true)} disabled={busy !== null}>
              Create a funnel
            </Button>
            <Button onClick={() => finish('plan')} loading={busy === 'plan'}>
              Choose a plan
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
