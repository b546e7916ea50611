import { updatePasswordBodySchema } from '@funnelwork/domain';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrors } from '../../../../shared/field-errors.ts';
import { PasswordField } from '../../../../shared/password-field.tsx';
import { fieldError } from '../../../../shared/use-api-mutation.ts';

import { useUpdatePassword } from '../../api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';

/**
 * Step two of a reset (PasswordRecovery / NewPassword): the e-mailed 6-digit code and a new
 * password. Invitations to a team link here too, with the e-mail and code filled in.
 */
export function NewPasswordScreen() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [values, setValues] = useState({
    email: search.get('email') ?? '',
    vcode: search.get('code') ?? '',
    password: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdatePassword();
  const set = (name: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };
  // A refusal about a field (the code) shows beside it; any other failure above the form.
  const errorOf = (name: keyof typeof values) => errors[name] ?? fieldError(update.error, `data.${name}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.reset();
    const checked = updatePasswordBodySchema.shape.data.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    update.mutate(checked.data, {
      onSuccess: () =>
        navigate(`/log-in?${new URLSearchParams({ email: checked.data.email })}`, { replace: true }),
    });
  };

  return (
    <AuthCard
      title="Choose a new password"
      subtitle={
        search.get('email')
          ? `Enter the 6-digit code we sent to ${search.get('email')} and your new password.`
          : 'Enter your e-mail, the 6-digit code we sent you and your new password.'
      }
      footer={
        <>
          No code?{' '}
          <Anchor component={Link} to="/password-recovery" fw={600}>
            Send a new one
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError error={update.error?.failure.info.field ? undefined : update.error?.message} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            required
            value={values.email}
            error={errorOf('email')}
            onChange={set('email')}
          />
          <TextInput
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={values.vcode}
            error={errorOf('vcode')}
            onChange={set('vcode')}
          />
          <PasswordField
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            value={values.password}
            error={errorOf('password')}
            onChange={set('password')}
          />
          <Button type="submit" loading={update.isPending} fullWidth size="md">
            Save new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
