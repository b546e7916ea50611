import { signUpBodySchema } from '@funnelwork/domain';
import { Anchor, Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { fieldErrors } from '../../../../shared/field-errors.ts';
import { PasswordField } from '../../../../shared/password-field.tsx';
import { fieldError } from '../../../../shared/use-api-mutation.ts';

import { useLogIn, useSignUp } from '../../api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useFinishSignIn } from '../../use-finish-sign-in.ts';

const empty = { first_name: '', last_name: '', email: '', password: '', account_name: '' };

export function SignUpScreen() {
  const { search } = useLocation();
  const finish = useFinishSignIn();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signUp = useSignUp();
  const logIn = useLogIn();
  // A sign-up refusal about a field shows beside it; any other failure above the form.
  const error =
    (signUp.error?.failure.info.field ? undefined : signUp.error?.message) ?? logIn.error?.message;

  const field = (name: keyof typeof empty) => ({
    value: values[name],
    error: errors[name] ?? fieldError(signUp.error, `data.${name}`),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signUp.reset();
    logIn.reset();
    const data = { ...values, account_name: values.account_name.trim() || undefined };
    const checked = signUpBodySchema.shape.data.safeParse(data);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    signUp.mutate(data, {
      onSuccess: () =>
        logIn.mutate({ email: values.email.trim(), password: values.password }, { onSuccess: finish }),
    });
  };

  return (
    <AuthCard
      title="Sign up"
      subtitle="Start your 14-day free trial. No credit card required."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={{ pathname: '/log-in', search }} fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError error={error} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="First name" autoComplete="given-name" required {...field('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" {...field('last_name')} />
          </SimpleGrid>
          <TextInput label="E-mail" type="email" autoComplete="email" required {...field('email')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters"
            required
            {...field('password')}
          />
          <TextInput label="Business name" autoComplete="organization" {...field('account_name')} />
          <Button type="submit" loading={signUp.isPending || logIn.isPending} fullWidth size="md">
            Sign up
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
