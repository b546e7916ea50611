import { COPY_TOOLTIP_RESET_MS } from '@funnelwork/domain/rules';
import { ActionIcon, Anchor, Badge, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What the funnel's overview says of a published funnel, and how to take it offline. */
export const PUBLISHED_HINT =
  'Live for everyone at this address. To unpublish, delete the funnel: it moves to the archive, from where you can restore it.';

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
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap" data-testid="published-address">
        <Badge color="teal" variant="light" size="sm" style={{ flexShrink: 0 }}>
          Published
        </Badge>
        <Anchor href={address.live_url} target="_blank" rel="noopener" size="sm" c="dimmed" truncate>
          {address.live_url}
        </Anchor>
        <CopyAddressButton value={address.live_url} label={`${label} address`} />
        {address.preview_url && <PreviewLink href={address.preview_url} label={label} />}
      </Group>
      <Text size="xs" c="dimmed" data-testid="published-hint">
        {PUBLISHED_HINT}
      </Text>
    </Stack>
  );
}

/** Opens a step's public address (what shoppers see, counted in tracking), beside its Preview. */
export function OpenPageLink({ href, label }: { href: string; label: string }) {
  return (
    <IconLink href={href} tooltip="Open the published page" label={`Open ${label}`}>
      <IconExternalLink size={14} />
    </IconLink>
  );
}

/** A small icon that opens an address in a new tab, with its tooltip. */
function IconLink({
  href,
  tooltip,
  label,
  children,
}: {
  href: string;
  tooltip: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon
        component="a"
        href={href}
        target="_blank"
        rel="noopener"
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={label}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export function PreviewLink({ href, label, compact }: { href: string; label: string; compact?: boolean }) {
  if (compact) {
    return (
      <IconLink href={href} tooltip="Preview" label={`Preview ${label}`}>
        <IconEye size={14} />
      </IconLink>
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
