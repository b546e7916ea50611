import { Anchor, Card, Group, Progress, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useChecklist } from '../api.ts';

/** Create a funnel, connect a gateway, publish, first sale: each ticks itself from real data. */
export function OnboardingChecklist() {
  const checklist = useChecklist();
  if (checklist.isPending) return <Skeleton h={150} radius="lg" mb="xl" />;
  if (checklist.isError) return null;
  const { items, done_count } = checklist.data;
  return (
    <Card mb="xl" data-testid="onboarding-checklist">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Your first sale checklist
        </Title>
        <Text size="sm" c="dimmed">{`${done_count} of ${items.length} done`}</Text>
      </Group>
      <Progress
        value={(done_count / items.length) * 100}
        color="teal"
        mb="md"
        aria-label="Checklist progress"
      />
      <Stack gap="xs">
        {items.map((item) => (
          <Group key={item.key} gap="sm" data-done={item.done}>
            <ThemeIcon
              size={22}
              radius="xl"
              color={item.done ? 'teal' : 'gray'}
              variant={item.done ? 'filled' : 'light'}
            >
              {item.done ? <IconCircleCheck size={14} /> : <IconCircle size={14} />}
            </ThemeIcon>
            {item.done ? (
              <Text td="line-through" c="dimmed">
                {item.title}
              </Text>
            ) : (
              <Anchor component={Link} to={item.to}>
                {item.title}
              </Anchor>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
