import type { Domain } from '@funnelwork/domain';
import { COPY_TOOLTIP_RESET_MS, checkDomainName } from '@funnelwork/domain/rules';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { useCreateDomain, useVerifyDomain } from '../api.ts';

/** "Copy tooltip resets after 1.5 s." */
const COPY_RESET_MS = COPY_TOOLTIP_RESET_MS;
export const PENDING_VERIFICATION = 'Pending verification';

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
      <CopyButton value={value} timeout={COPY_RESET_MS}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={`Copy ${label}`}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

export function DomainStatusBadge({ domain }: { domain: Domain }) {
  if (domain.status === 'verified') return <Badge color="teal">Verified</Badge>;
  if (domain.status === 'failed') return <Badge color="red">Verification failed</Badge>;
  return <Badge color="yellow">{PENDING_VERIFICATION}</Badge>;
}

type ConnectDomainPopupProps = {
  opened: boolean;
  onClose: () => void;
  onConnected?: (domain: Domain) => void;
  /** A domain already added, to verify again. */
  domain?: Domain | null;
};

/**
 * "Connect domain": add the domain, show the TXT record that proves it, then Verify. The Modal mounts its
 * body on each opening (and unmounts it when closed), so each opening starts from `domain` or an empty
 * name with a fresh mutation, and nothing resets what the merchant typed while it is open.
 */
export function ConnectDomainPopup({ opened, onClose, ...body }: ConnectDomainPopupProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Connect domain" size="lg">
      <ConnectDomainBody onClose={onClose} {...body} />
    </AppModal>
  );
}

function ConnectDomainBody({
  domain: existing,
  onClose,
  onConnected,
}: Omit<ConnectDomainPopupProps, 'opened'>) {
  const createDomain = useCreateDomain();
  const verifyDomain = useVerifyDomain();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [domain, setDomain] = useState<Domain | null>(existing ?? null);
  const busy = createDomain.isPending || verifyDomain.isPending;
  const error = nameError ?? createDomain.error?.message;

  const add = () => {
    const check = checkDomainName(name);
    if (!check.valid) {
      setNameError(check.message);
      return;
    }
    createDomain.mutate(check.name, {
      onSuccess: (added) => {
        setDomain(added);
        onConnected?.(added);
      },
    });
  };

  const verify = () => {
    if (domain) verifyDomain.mutate(domain, { onSuccess: setDomain });
  };

  return domain === null ? (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Publish your funnels on a domain you own, such as shop.example.com.
        </Text>
        <TextInput
          label="Domain"
          placeholder="shop.example.com"
          data-autofocus
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(undefined);
            createDomain.reset();
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!name.trim()}>
            Add domain
          </Button>
        </Group>
      </Stack>
    </form>
  ) : (
    <Stack>
      <Group justify="space-between">
        <Text fw={650}>{domain.name}</Text>
        <DomainStatusBadge domain={domain} />
      </Group>
      {domain.status !== 'verified' && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          Add this TXT record at your DNS provider, then press Verify. DNS changes can take a while to spread.
        </Alert>
      )}
      <Table withTableBorder withColumnBorders>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={90}>Type</Table.Th>
            <Table.Td>{domain.verification.type}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Td>
              <CopyValue value={domain.verification.name} label="record name" />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Value</Table.Th>
            <Table.Td>
              <CopyValue value={domain.verification.value} label="record value" />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {domain.last_error && domain.status !== 'verified' && (
        <Text size="sm" c="red" role="alert">
          {domain.last_error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {domain.status === 'verified' ? 'Done' : 'Verify later'}
        </Button>
        {domain.status !== 'verified' && (
          <Button loading={busy} onClick={verify}>
            Verify
          </Button>
        )}
      </Group>
    </Stack>
  );
}
