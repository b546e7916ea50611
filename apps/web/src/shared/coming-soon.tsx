import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';

type ComingSoonProps = { screen: string };

/** An honest placeholder for a screen a later issue builds. */
export function ComingSoon({ screen }: ComingSoonProps) {
  return (
    <Center py={64}>
      <Paper withBorder radius="lg" p="xl" maw={480} w="100%" shadow="xs">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconHourglassHigh size={30} />
          </ThemeIcon>
          <Title order={2}>{`${screen} — coming soon`}</Title>
          <Text c="dimmed">
            This part of Funnelwork is still being built. Your account, team and settings are ready to use
            today.
          </Text>
          <Button component={Link} to="/settings/profile" variant="light" mt="xs">
            Go to your profile
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
