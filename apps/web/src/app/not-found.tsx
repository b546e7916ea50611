import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Center py={80}>
      <Stack align="center" gap="xs" ta="center">
        <Text fz={64} fw={800} c="indigo.2" lh={1}>
          404
        </Text>
        <Title order={1} fz={24}>
          Page not found
        </Title>
        <Text c="dimmed">The address may be mistyped, or the page has moved.</Text>
        <Button component={Link} to="/" mt="sm">
          Go to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
