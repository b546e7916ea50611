import type { ClonedFunnel } from '@funnelwork/domain';
import { Alert, Button, Checkbox, Group, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../shared/popups.tsx';
import type { StoredShare } from '../../../shared/shared-funnel-store.ts';
import { SubdomainPopup } from '../../account/components/subdomain-popup.tsx';
import { sessionKeys, useMe } from '../../session/api.ts';
import { kindOf, useCloneSharedFunnel, useFolders, useSharedFunnel } from '../api.ts';
import { useProgressRun } from '../use-progress-run.ts';

/** "Clone progress (share flow) runs 0 to 100 in 1% steps every 30 ms … on finish the progress jumps to at least 80." */
export const SHARE_CLONE_STEP_MS = 30;
export const SHARE_CLONE_JUMP = 80;
const NO_FOLDER = 'none';

type SharedFunnelPopupProps = { share: StoredShare; onDone: () => void };

/** The share link's cloning popup; the non-closable subdomain popup comes first when there is no subdomain. */
export function SharedFunnelPopup({ share, onDone }: SharedFunnelPopupProps) {
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const folders = useFolders();
  const preview = useSharedFunnel(share.funnel, share.code);
  const shared = preview.data?.error === undefined ? preview.data?.data : undefined;
  const [name, setName] = useState<string | null>(null);
  const [withGeo, setWithGeo] = useState(true);
  const [folder, setFolder] = useState(NO_FOLDER);
  const run = useProgressRun<ClonedFunnel>({ stepMs: SHARE_CLONE_STEP_MS, jumpOnAnswer: SHARE_CLONE_JUMP });
  const cloneShared = useCloneSharedFunnel(run.start);
  // "A failure shows the error from the result and then a failed event."
  const failed = cloneShared.error?.message ?? null;

  if (!me.subdomain) {
    return (
      <SubdomainPopup
        opened
        closable={false}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: sessionKeys.me })}
      />
    );
  }

  const clone = () =>
    cloneShared.mutate(
      {
        funnel: share.funnel,
        code: share.code,
        name: name ?? shared?.name,
        cloneGeoFunnels: withGeo,
        folderId: folder === NO_FOLDER ? null : Number(folder),
      },
      {
        onSuccess: (cloned) => {
          onDone();
          navigate(`/${kindOf(cloned)}/${cloned.id}`);
        },
      },
    );

  const running = run.progress !== null;
  const previewError = preview.data?.error;
  return (
    <AppModal
      opened
      onClose={() => !running && onDone()}
      withCloseButton={!running}
      closeOnClickOutside={false}
      closeOnEscape={!running}
      title="Clone a shared funnel"
    >
      {previewError !== undefined ? (
        <Stack>
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            This share link does not work any more: {previewError}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onDone}>Close</Button>
          </Group>
        </Stack>
      ) : running ? (
        <Stack py="md" gap="xs">
          <Text size="sm">Cloning “{name ?? shared?.name}” into your account…</Text>
          <Progress value={run.progress ?? 0} animated aria-label="Clone progress" />
          <Text size="xs" c="dimmed" ta="right" data-testid="clone-progress">
            {run.progress}%
          </Text>
        </Stack>
      ) : (
        <Stack>
          {failed && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title="The funnel could not be cloned"
              role="alert"
            >
              {failed}
            </Alert>
          )}
          <Text size="sm">
            {shared
              ? `“${shared.name}” has ${shared.steps_count === 1 ? '1 step' : `${shared.steps_count} steps`}. A copy goes into ${me.account_name ?? 'your account'}.`
              : 'Reading the shared funnel…'}
          </Text>
          <TextInput
            label="Name"
            maxLength={200}
            value={name ?? shared?.name ?? ''}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {(shared?.geo_funnels_count ?? 0) > 0 && (
            <Checkbox
              label={`Also clone its ${shared?.geo_funnels_count} geo-funnels`}
              checked={withGeo}
              onChange={(e) => setWithGeo(e.currentTarget.checked)}
            />
          )}
          {(folders.data?.length ?? 0) > 0 && (
            <Select
              label="Folder"
              allowDeselect={false}
              value={folder}
              onChange={(v) => setFolder(v ?? NO_FOLDER)}
              data={[
                { value: NO_FOLDER, label: 'No folder' },
                ...(folders.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
              ]}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {failed ? 'Close' : 'Cancel'}
            </Button>
            <Button disabled={!shared} onClick={clone}>
              {failed ? 'Try again' : 'Clone funnel'}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
