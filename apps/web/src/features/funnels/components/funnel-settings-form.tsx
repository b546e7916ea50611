import type { Funnel } from '@funnelwork/domain';
import { CURRENCIES } from '@funnelwork/domain/rules';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconWorldWww } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiError } from '../../../shared/api-client.ts';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useDomains, useFolders, usePatchFunnel } from '../api.ts';
import { ConnectDomainPopup } from './connect-domain-popup.tsx';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));
const NONE = 'none';

/** A failed save's message under the field it names; a taken path (409) without a field is the path's. */
function fieldErrors(error: ApiError | null) {
  const fieldless409 = error?.failure.info.field === undefined && error?.failure.info.status === 409;
  return {
    name: fieldError(error, 'data.name'),
    path: fieldError(error, 'data.path') ?? (fieldless409 ? error?.message : undefined),
  };
}

type FunnelSettingsFormProps = {
  funnel: Funnel;
  canEdit: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
};

/** Funnel settings: name, published path, currency, domain and folder. */
export function FunnelSettingsForm({ funnel, canEdit, onSaved, onCancel }: FunnelSettingsFormProps) {
  const patch = usePatchFunnel(funnel.id);
  const domains = useDomains();
  const folders = useFolders();
  const [name, setName] = useState(funnel.name);
  const [path, setPath] = useState(funnel.path);
  const [currency, setCurrency] = useState<string | null>(funnel.currency_code);
  const [domainId, setDomainId] = useState(funnel.domain_id ? String(funnel.domain_id) : NONE);
  const [folderId, setFolderId] = useState(funnel.folder_id ? String(funnel.folder_id) : NONE);
  const [connecting, setConnecting] = useState(false);
  const errors = fieldErrors(patch.error);

  const save = () =>
    patch.mutate(
      {
        name: name.trim(),
        path: path.trim(),
        currency_code: currency,
        domain_id: domainId === NONE ? null : Number(domainId),
        folder_id: folderId === NONE ? null : Number(folderId),
      },
      { onSuccess: () => onSaved?.() },
    );

  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack>
          <TextInput
            label="Funnel name"
            maxLength={200}
            value={name}
            disabled={!canEdit}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="Funnel path"
            description="Where the funnel is published, after your domain."
            leftSection="/"
            maxLength={60}
            value={path}
            disabled={!canEdit || funnel.is_sub_funnel}
            error={errors.path}
            onChange={(event) => setPath(event.currentTarget.value)}
          />
          <Select
            label="Currency"
            placeholder="The account's default currency"
            data={CURRENCY_OPTIONS}
            searchable
            clearable
            value={currency}
            disabled={!canEdit}
            onChange={setCurrency}
          />
          <Group align="flex-end" wrap="nowrap">
            <Select
              label="Domain"
              style={{ flex: 1 }}
              data={[
                { value: NONE, label: 'Your free subdomain' },
                ...(domains.data ?? []).map((d) => ({
                  value: String(d.id),
                  label: d.verified ? d.name : `${d.name} (pending verification)`,
                })),
              ]}
              allowDeselect={false}
              value={domainId}
              disabled={!canEdit}
              onChange={(value) => setDomainId(value ?? NONE)}
            />
            <Button
              variant="default"
              leftSection={<IconWorldWww size={16} />}
              disabled={!canEdit}
              onClick={() => setConnecting(true)}
            >
              Connect domain
            </Button>
          </Group>
          <Select
            label="Folder"
            data={[
              { value: NONE, label: 'No folder' },
              ...(folders.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
            ]}
            allowDeselect={false}
            value={folderId}
            disabled={!canEdit}
            onChange={(value) => setFolderId(value ?? NONE)}
          />
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={patch.isPending} disabled={!canEdit || !name.trim()}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: a popup's submit would otherwise bubble to it through React's tree. */}
      <ConnectDomainPopup
        opened={connecting}
        onClose={() => setConnecting(false)}
        onConnected={(domain) => setDomainId(String(domain.id))}
      />
    </>
  );
}
