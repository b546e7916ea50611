import type { MyAccount } from '@funnelwork/domain';
import { Alert, Anchor, Avatar, Badge, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../../../shared/auth-store.ts';
import { useMyAccounts } from '../../api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { chooseAccount } from '../../sign-in-flow.ts';
import { useFinishSignIn } from '../../use-finish-sign-in.ts';
import { useLogOut } from '../../use-log-out.ts';

export function SelectAccountScreen() {
  const auth = useAuth();
  const { search } = useLocation();
  const accounts = useMyAccounts(!!auth.token);
  const finish = useFinishSignIn();
  const logOut = useLogOut();
  const [choosing, setChoosing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!auth.token) return <Navigate to={{ pathname: '/log-in', search }} replace />;

  const choose = async (account: MyAccount) => {
    setError(null);
    setChoosing(account.id);
    const outcome = await chooseAccount(account.id);
    setChoosing(null);
    if (outcome.kind === 'failed') setError(outcome.failure.error);
    else finish(outcome);
  };

  return (
    <AuthCard
      title="Select an account"
      subtitle="Choose the business you want to work in."
      footer={
        <Anchor component="button" type="button" onClick={() => void logOut()} fw={600}>
          Log out
        </Anchor>
      }
    >
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {accounts.isPending && (
          <Group justify="center" py="lg">
            <Loader />
          </Group>
        )}
        {accounts.isError && (
          <Alert color="red" variant="light" role="alert">
            {accounts.error.message}
          </Alert>
        )}
        {accounts.data?.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            You are not a member of any account yet.
          </Text>
        )}
        {accounts.data?.map((account) => (
          <UnstyledButton
            key={account.id}
            onClick={() => void choose(account)}
            disabled={choosing !== null}
            aria-label={`Select ${account.name}`}
            p="md"
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <Group wrap="nowrap">
              <Avatar color="indigo" radius="md">
                {account.name.slice(0, 2).toUpperCase()}
              </Avatar>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} truncate>
                  {account.name}
                </Text>
                <Group gap={8} wrap="nowrap">
                  <Text size="sm" c="dimmed" truncate>
                    {account.subdomain ?? 'No subdomain yet'}
                  </Text>
                  <Badge
                    variant="light"
                    size="sm"
                    color={account.owner ? 'indigo' : 'gray'}
                    style={{ flexShrink: 0 }}
                  >
                    {account.role}
                  </Badge>
                </Group>
              </div>
              {choosing === account.id ? <Loader size="xs" /> : <IconChevronRight size={18} />}
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </AuthCard>
  );
}
