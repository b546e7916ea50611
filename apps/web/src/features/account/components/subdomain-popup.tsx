import { subdomainProblem } from '@funnelwork/domain/rules';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { flashAfterReload, notifyInfo } from '../../../shared/notices.ts';
import { AppModal } from '../../../shared/popups.tsx';
import { reloadPage } from '../../../shared/reload-page.ts';
import { subdomainRefusal, useChangeSubdomain } from '../api.ts';

/** "Subdomain minimum 5 characters." */
export const SUBDOMAIN_MIN_LENGTH = 5;
export const subdomainChanged = (subdomain: string) => `Your default subdomain was changed to ${subdomain}`;

type SubdomainPopupProps = {
  opened: boolean;
  /** Closable mode reloads the page after a change; the other mode cannot be dismissed. */
  closable: boolean;
  onClose?: () => void;
  onSaved?: (subdomain: string) => void;
  current?: string | null;
};

/** The free-subdomain popup: "required, at least 5 characters, else Save is disabled". */
export function SubdomainPopup({ opened, closable, onClose, onSaved, current }: SubdomainPopupProps) {
  const [value, setValue] = useState(current ?? '');
  const change = useChangeSubdomain();
  const subdomain = value.trim().toLowerCase();
  const problem = subdomainProblem(subdomain);
  const valid = problem === undefined;
  // Too short is what the disabled Save says while typing; any other broken rule is named at once.
  const typedProblem =
    problem !== undefined && subdomain.length >= SUBDOMAIN_MIN_LENGTH ? problem : undefined;
  // Closable, a change reloads the page: the button stays busy until it does.
  const reloading = closable && change.isSuccess;

  const afterChange = (saved: string) => {
    if (closable) {
      flashAfterReload({ kind: 'info', message: subdomainChanged(saved) });
      reloadPage();
      return;
    }
    notifyInfo(subdomainChanged(saved));
    onSaved?.(saved);
  };

  return (
    <AppModal
      opened={opened}
      onClose={() => closable && onClose?.()}
      withCloseButton={closable}
      closeOnEscape={closable}
      closeOnClickOutside={closable}
      title="Choose your free subdomain"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) change.mutate(subdomain, { onSuccess: afterChange });
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Your funnels are published on your subdomain until you connect a domain of your own.
          </Text>
          <TextInput
            label="Subdomain"
            placeholder="my-store"
            required
            data-autofocus
            value={value}
            error={typedProblem ?? (change.error ? subdomainRefusal(change.error) : undefined)}
            description={`At least ${SUBDOMAIN_MIN_LENGTH} characters: letters, digits and hyphens.`}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              change.reset();
            }}
          />
          <Group justify="flex-end" mt="sm">
            {closable && (
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
            )}
            <Button type="submit" disabled={!valid} loading={change.isPending || reloading}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
