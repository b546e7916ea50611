import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { flashAfterReload, notifyError, notifyInfo } from '../../../shared/notices.ts';
import { reloadPage } from '../../../shared/reload-page.ts';
import { changeSubdomain } from '../api.ts';

/** "Subdomain minimum 5 characters." */
export const SUBDOMAIN_MIN_LENGTH = 5;
export const SUBDOMAIN_UNEXPECTED_FAILURE =
  'Something went wrong! try again in a bit, do let us know if this problem persists.';
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
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const subdomain = value.trim().toLowerCase();
  const valid = subdomain.length >= SUBDOMAIN_MIN_LENGTH;

  const save = async () => {
    if (!valid) return;
    setBusy(true);
    setFieldError(undefined);
    const result = await changeSubdomain(subdomain);
    if (result.error === undefined) {
      const saved = result.data.subdomain ?? subdomain;
      if (closable) {
        flashAfterReload({ kind: 'info', message: subdomainChanged(saved) });
        reloadPage();
        return;
      }
      setBusy(false);
      notifyInfo(subdomainChanged(saved));
      onSaved?.(saved);
      return;
    }
    setBusy(false);
    const serverAnswered = result.info.status >= 400 && result.info.status < 500;
    if (serverAnswered) {
      setFieldError(result.info.data);
      notifyError(result.info.data);
    } else {
      notifyError(SUBDOMAIN_UNEXPECTED_FAILURE);
    }
  };

  return (
    <Modal
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
          void save();
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
            error={fieldError}
            description={`At least ${SUBDOMAIN_MIN_LENGTH} characters: letters, digits and hyphens.`}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setFieldError(undefined);
            }}
          />
          <Group justify="flex-end" mt="sm">
            {closable && (
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
            )}
            <Button type="submit" disabled={!valid} loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
