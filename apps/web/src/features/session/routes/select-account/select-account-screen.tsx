import type { MyAccount } from '@funnelwork/domain';
import { Alert, Anchor, Avatar, Badge, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../../../shared/auth-store.ts';
import { useChooseAccount, useMyAccounts } from '../../api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { useFinishSignIn } from '../../use-finish-sign-in.ts';
import { useLogOut } from '../../use-log-out.ts';

export function SelectAccountScreen() {
  const auth = useAuth();
  const { search } = useLocation();
  const accounts = useMyAccounts(!!auth.token);
  const finish = useFinishSignIn();
  const logOut = useLogOut();
  const choice = useChooseAccount();
  const choosing = choice.isPending ? choice.variables : null;

  if (!auth.token) return <Navigate to={{ pathname: '/log-in', search }} replace />;

  const choose = (account: MyAccount) => choice.mutate(account.id, { onSuccess: finish });

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
        {choice.error && (
          <Alert color="red" variant="light" role="alert">
            {choice.error.message}
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
            onClick={() => choose(account)}
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
