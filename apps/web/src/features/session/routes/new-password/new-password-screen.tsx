import { updatePasswordBodySchema } from '@funnelwork/domain';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrors } from '../../../../shared/field-errors.ts';
import { notifySuccess } from '../../../../shared/notices.ts';
import { PasswordField } from '../../../../shared/password-field.tsx';
import { updatePassword } from '../../api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';

export const PASSWORD_CHANGED = 'Your password was changed. Log in with your new password.';

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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = updatePasswordBodySchema.shape.data.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await updatePassword(checked.data);
    setBusy(false);
    if (result.error !== undefined) {
      if (result.info.field) setErrors({ [result.info.field.replace(/^data\./, '')]: result.error });
      else setError(result.error);
      return;
    }
    notifySuccess(PASSWORD_CHANGED);
    navigate(`/log-in?${new URLSearchParams({ email: checked.data.email })}`, { replace: true });
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
          <FormError error={error} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            required
            value={values.email}
            error={errors.email}
            onChange={set('email')}
          />
          <TextInput
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={values.vcode}
            error={errors.vcode}
            onChange={set('vcode')}
          />
          <PasswordField
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            value={values.password}
            error={errors.password}
            onChange={set('password')}
          />
          <Button type="submit" loading={busy} fullWidth size="md">
            Save new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
