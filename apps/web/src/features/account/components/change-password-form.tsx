import { changePasswordBodySchema } from '@funnelwork/domain';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { PasswordField } from '../../../shared/password-field.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useChangePassword } from '../api.ts';

export function ChangePasswordForm() {
  const [values, setValues] = useState({ current_password: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangePassword();
  const errorOf = (field: keyof typeof values) => errors[field] ?? fieldError(change.error, `data.${field}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = changePasswordBodySchema.shape.data.safeParse(values);
    if (!checked.success) {
      change.reset();
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    change.mutate(checked.data, { onSuccess: () => setValues({ current_password: '', password: '' }) });
  };

  return (
    <Card component="form" onSubmit={submit} noValidate>
      <Stack>
        <div>
          <Title order={2} fz="lg">
            Password
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Changing it logs you out everywhere else.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={values.current_password}
            error={errorOf('current_password')}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, current_password: value }));
            }}
          />
          <PasswordField
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            value={values.password}
            error={errorOf('password')}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((current) => ({ ...current, password: value }));
            }}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={change.isPending}
            disabled={!values.current_password || !values.password}
          >
            Change password
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
