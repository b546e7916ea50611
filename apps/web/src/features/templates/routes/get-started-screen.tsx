import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTemplate, IconUsers, IconWorld } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/page-header.tsx';
import { OnboardingChecklist } from '../../onboarding/components/onboarding-checklist.tsx';
import { useMe } from '../../session/api.ts';
import { useFunnelKits } from '../api.ts';
import { TemplateGallery } from '../components/template-gallery.tsx';

type StepCardProps = { icon: ReactNode; title: string; text: string; to: string; action: string };

function StepCard({ icon, title, text, to, action }: StepCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs" align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md">
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        <Button component={Link} to={to} variant="light" size="xs">
          {action}
        </Button>
      </Stack>
    </Card>
  );
}

/** `/get-started`: the onboarding page (the welcome popup opens over it) with the first templates. */
export function GetStartedScreen() {
  const me = useMe();
  return (
    <>
      <PageHeader
        title={`Get started${me.member.first_name ? `, ${me.member.first_name}` : ''}`}
        description={
          me.account_owner
            ? 'Four steps to your first sale, each ticked as soon as it is done.'
            : 'Start a step from a ready-made design.'
        }
      />
      {/* The first-sale checklist and the account's set-up steps are the owner's. */}
      {me.account_owner && <OnboardingChecklist />}
      <SimpleGrid cols={{ base: 1, md: 3 }} mb="xl" hidden={!me.account_owner}>
        <StepCard
          icon={<IconWorld size={22} />}
          title="Pick your subdomain"
          text="Your funnels are published on it until you connect your own domain."
          to="/settings/account"
          action="Account settings"
        />
        <StepCard
          icon={<IconTemplate size={22} />}
          title="Build a funnel from a template"
          text="Checkout, upsell, downsell and thank-you pages ready to edit."
          to="/get-started/templates"
          action="Browse templates"
        />
        <StepCard
          icon={<IconUsers size={22} />}
          title="Invite your team"
          text="Give each person just the access they need."
          to="/settings/staff"
          action="Staff"
        />
      </SimpleGrid>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz={20}>
          Popular templates
        </Title>
        <Anchor component={Link} to="/get-started/templates">
          See all templates
        </Anchor>
      </Group>
      <TemplateGallery limit={4} />
    </>
  );
}

/** `/get-started/templates`: the whole gallery of built-in step templates. */
export function TemplatesGalleryScreen() {
  const kits = useFunnelKits();
  const count = kits.data
    ? `${kits.data.templates_count} templates in ${kits.data.kits.length} funnel kits. `
    : '';
  return (
    <>
      <PageHeader
        title="Templates"
        description={`${count}Start a step or a whole funnel from a ready-made design, then make it yours.`}
      />
      <TemplateGallery grouped />
    </>
  );
}
