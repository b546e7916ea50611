import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PasswordField } from '../../../../shared/password-field.tsx';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { signInAndChooseAccount } from '../../sign-in-flow.ts';
import { useFinishSignIn } from '../../use-finish-sign-in.ts';

export function LogInScreen() {
  const { search } = useLocation();
  const [params] = useSearchParams();
  const finish = useFinishSignIn();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const outcome = await signInAndChooseAccount(email.trim(), password);
    setBusy(false);
    if (outcome.kind === 'failed') setError(outcome.failure.error);
    else finish(outcome);
  };

  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back! Log in to manage your funnels."
      footer={
        <>
          New to Funnelwork?{' '}
          <Anchor component={Link} to={{ pathname: '/sign-up', search }} fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError error={error} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            placeholder="you@company.com"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/password-recovery" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} disabled={!email.trim() || !password} fullWidth size="md">
            Log in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
