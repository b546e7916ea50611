import { emailSchema } from '@funnelwork/domain';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRequestPasswordReset } from '../../api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';

/** Step one of a reset: ask the e-mail, send a 6-digit code, go on to NewPassword. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.reset();
    const checked = emailSchema.safeParse(email);
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    request.mutate(checked.data, {
      onSuccess: () => navigate(`/new-password?${new URLSearchParams({ email: checked.data })}`),
    });
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail you log in with. We will send you a 6-digit code to choose a new password."
      footer={
        <Anchor component={Link} to="/log-in" fw={600}>
          Back to log in
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError error={request.error?.message} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={fieldError}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" loading={request.isPending} disabled={!email.trim()} fullWidth size="md">
            Send code
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
