import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode };

/** The frame of every session screen: brand, a card, and links under it. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Center mih="100vh" p="md">
      <Box w="100%" maw={440}>
        <Group justify="center" gap="xs" mb="xl">
          <ThemeIcon size={36} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan' }}>
            <IconFilter size={20} />
          </ThemeIcon>
          <Text fw={750} fz={22}>
            Funnelwork
          </Text>
        </Group>
        <Paper withBorder shadow="sm" p={32} radius="lg">
          <Stack gap={4} mb="lg">
            <Title order={1} fz={24}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
        {footer && (
          <Text ta="center" size="sm" mt="lg" c="dimmed">
            {footer}
          </Text>
        )}
      </Box>
    </Center>
  );
}
