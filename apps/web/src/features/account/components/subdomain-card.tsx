import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { SubdomainPopup } from './subdomain-popup.tsx';

type SubdomainCardProps = { subdomain: string | null; canEdit: boolean };

export function SubdomainCard({ subdomain, canEdit }: SubdomainCardProps) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={2} fz="lg">
            Subdomain
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Your free address for published funnels, until you connect a domain of your own.
          </Text>
          <Group mt="md" gap="xs">
            {subdomain ? (
              <Badge size="lg" variant="light" radius="sm" tt="none" data-testid="current-subdomain">
                {subdomain}
              </Badge>
            ) : (
              <Text c="dimmed" fs="italic">
                No subdomain chosen yet
              </Text>
            )}
          </Group>
        </div>
        <LockedButton locked={!canEdit} variant="light" onClick={() => setOpen(true)}>
          {subdomain ? 'Change subdomain' : 'Choose subdomain'}
        </LockedButton>
      </Group>
      {open && <SubdomainPopup opened closable current={subdomain} onClose={() => setOpen(false)} />}
    </Card>
  );
}
