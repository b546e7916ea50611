import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type InfoMessageProps = { title?: ReactNode; children: ReactNode; color?: string };

export function InfoMessage({ title, children, color = 'blue' }: InfoMessageProps) {
  return (
    <Alert variant="light" color={color} radius="md" title={title} icon={<IconInfoCircle size={18} />}>
      {children}
    </Alert>
  );
}
