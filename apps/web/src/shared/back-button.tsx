import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';

type BackButtonProps = { to?: string; label?: string };

/** Goes to `to`, or one step back in the history when no target is given. */
export function BackButton({ to, label = 'Back' }: BackButtonProps) {
  const navigate = useNavigate();
  const icon = <IconArrowLeft size={16} />;
  if (to) {
    return (
      <Button component={Link} to={to} variant="subtle" color="gray" leftSection={icon} px="xs">
        {label}
      </Button>
    );
  }
  return (
    <Button variant="subtle" color="gray" leftSection={icon} px="xs" onClick={() => navigate(-1)}>
      {label}
    </Button>
  );
}
