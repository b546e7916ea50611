import { Alert } from '@mantine/core';

/** The server's message above a session form, announced to screen readers. */
export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  );
}
