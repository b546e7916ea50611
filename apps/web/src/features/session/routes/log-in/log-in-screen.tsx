import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PasswordField } from '../../../../shared/password-field.tsx';
import { useLogIn } from '../../api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useFinishSignIn } from '../../use-finish-sign-in.ts';

/**
 * The sign-up and reset screens live in the session screens' module, which /log-in does not load: pointing
 * at or focusing their links fetches it, so the click finds it there and the log-in form does not linger.
 */
const prefetchSessionScreens = () => {
  import('../../screens.ts').catch(() => {});
};

export function LogInScreen() {
  const { search } = useLocation();
  const [params] = useSearchParams();
  const finish = useFinishSignIn();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const logIn = useLogIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    logIn.mutate({ email: email.trim(), password }, { onSuccess: finish });
  };

  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back! Log in to manage your funnels."
      footer={
        <>
          New to Funnelwork?{' '}
          <Anchor
            component={Link}
            to={{ pathname: '/sign-up', search }}
            fw={600}
            onMouseEnter={prefetchSessionScreens}
            onFocus={prefetchSessionScreens}
          >
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError error={logIn.error?.message} />
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
            <Anchor
              component={Link}
              to="/password-recovery"
              size="sm"
              onMouseEnter={prefetchSessionScreens}
              onFocus={prefetchSessionScreens}
            >
              Forgot password?
            </Anchor>
          </Group>
          <Button
            type="submit"
            loading={logIn.isPending}
            disabled={!email.trim() || !password}
            fullWidth
            size="md"
          >
            Log in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
