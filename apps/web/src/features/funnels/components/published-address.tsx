import type { PublishStatus } from '@funnelwork/domain/rules';
import { COPY_TOOLTIP_RESET_MS } from '@funnelwork/domain/rules';
import { ActionIcon, Anchor, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PublishStatusBadge } from '../../publishing/components/publish-status-badge.tsx';

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

/**
 * The funnel's address with its copy button and a Preview link (not counted in tracking), its publish
 * state, and what the merchant does about it (`actions`: Publish, Unpublish).
 */
export function PublishedAddress({
  address,
  label,
  status,
  actions,
}: {
  address: Address;
  label: string;
  status?: PublishStatus;
  actions?: ReactNode;
}) {
  if (!address.live_url) {
    return (
      <Text size="sm" c="dimmed">
        Not published: choose a subdomain in the account settings or connect a domain.
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Group gap={6} wrap="nowrap" data-testid="published-address">
        {status && <PublishStatusBadge status={status} />}
        <Anchor
          href={address.live_url}
          target="_blank"
          rel="noopener"
          size="sm"
          c="dimmed"
          truncate
          miw={0}
          // The address gives up the room on a narrow screen; the buttons beside it keep their labels.
          style={{ flex: '1 1 0' }}
        >
          {address.live_url}
        </Anchor>
        <CopyAddressButton value={address.live_url} label={`${label} address`} />
        {address.preview_url && <PreviewLink href={address.preview_url} label={label} />}
      </Group>
      {status && (
        <Text size="xs" c="dimmed" data-testid="published-hint">
          {PUBLISH_HINTS[status]}
        </Text>
      )}
      {actions && <Group gap="xs">{actions}</Group>}
    </Stack>
  );
}

/** What the overview says of each publish state. */
export const PUBLISH_HINTS: Record<PublishStatus, string> = {
  published: 'Live for everyone at this address.',
  draft: 'Not published: shoppers see a "not available" page at this address until you publish.',
  changed: 'Live for everyone at this address. Some changes are not published yet.',
};

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
