import { COPY_TOOLTIP_RESET_MS } from '@funnelwork/domain/rules';
import { ActionIcon, Anchor, Button, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';

/** "Copy tooltip resets after 1.5 s." (spec §9) */
export const COPY_RESET_MS = COPY_TOOLTIP_RESET_MS;

type Address = { live_url: string | null; preview_url: string | null };

/** Copies a published address; the tooltip reads 'Copied' for 1.5 s, then 'Copy' again. */
export function CopyAddressButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={COPY_RESET_MS}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size="sm"
            onClick={copy}
            aria-label={`Copy ${label}`}
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The live address of a funnel or step with its copy button and a Preview link (not counted in tracking). */
export function PublishedAddress({ address, label }: { address: Address; label: string }) {
  if (!address.live_url) {
    return (
      <Text size="sm" c="dimmed">
        Not published: choose a subdomain in the account settings or connect a domain.
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" data-testid="published-address">
      <Anchor href={address.live_url} target="_blank" rel="noopener" size="sm" c="dimmed" truncate>
        {address.live_url}
      </Anchor>
      <CopyAddressButton value={address.live_url} label={`${label} address`} />
      {address.preview_url && <PreviewLink href={address.preview_url} label={label} />}
    </Group>
  );
}

export function PreviewLink({ href, label, compact }: { href: string; label: string; compact?: boolean }) {
  if (compact) {
    return (
      <Tooltip label="Preview" withArrow>
        <ActionIcon
          component="a"
          href={href}
          target="_blank"
          rel="noopener"
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Preview ${label}`}
        >
          <IconExternalLink size={14} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      size="compact-sm"
      variant="light"
      leftSection={<IconExternalLink size={14} />}
      aria-label={`Preview ${label}`}
    >
      Preview
    </Button>
  );
}
