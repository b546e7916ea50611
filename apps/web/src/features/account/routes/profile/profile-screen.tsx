import { Stack } from '@mantine/core';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { ApiKeyCard } from '../../components/api-key-card.tsx';
import { ChangePasswordForm } from '../../components/change-password-form.tsx';
import { ProfileForm } from '../../components/profile-form.tsx';
import { TimezoneCard } from '../../components/timezone-card.tsx';

export function ProfileScreen() {
  return (
    <Stack maw={860} mx="auto">
      <PageHeader title="Profile" description="Your own details, password and API access." />
      <ProfileForm />
      <ChangePasswordForm />
      <TimezoneCard />
      <ApiKeyCard />
    </Stack>
  );
}
