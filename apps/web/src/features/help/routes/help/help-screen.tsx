import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBook, IconBrandFacebook, IconMessageCircle, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EXTERNAL_LINKS } from '../../../../app/external-links.ts';
import { PageHeader } from '../../../../shared/page-header.tsx';

const HELP_LINKS: ReadonlyArray<{ href: string; title: string; text: string; icon: ReactNode }> = [
  {
    href: EXTERNAL_LINKS.docs,
    title: 'Docs',
    text: 'Step-by-step guides for funnels, the page editor, orders and automations.',
    icon: <IconBook size={22} />,
  },
  {
    href: EXTERNAL_LINKS.forum,
    title: 'Community forum',
    text: 'Ask other merchants, share funnels that work and read announcements.',
    icon: <IconUsersGroup size={22} />,
  },
  {
    href: EXTERNAL_LINKS.socialGroup,
    title: 'Facebook group',
    text: 'Tips, live sessions and launch news from the Funnelwork team.',
    icon: <IconBrandFacebook size={22} />,
  },
  {
    href: EXTERNAL_LINKS.chatSupport,
    title: 'Chat support',
    text: 'Write to our support team; we answer within one business day.',
    icon: <IconMessageCircle size={22} />,
  },
];

/** /help: where to find answers; the Activity panel sits beside it. */
export function HelpScreen() {
  return (
    <Stack>
      <PageHeader title="Help" description="Guides, the community and our support team." />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {HELP_LINKS.map((link) => (
          <Card
            key={link.title}
            component="a"
            href={link.href}
            target="_blank"
            rel="noreferrer"
            withBorder
            radius="lg"
            padding="lg"
          >
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} radius="md" variant="light">
                {link.icon}
              </ThemeIcon>
              <div>
                <Text fw={600}>{link.title}</Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {link.text}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
