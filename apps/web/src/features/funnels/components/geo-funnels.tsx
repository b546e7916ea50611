import type { Funnel } from '@funnelwork/domain';
import { COUNTRIES } from '@funnelwork/domain/rules';
import {
  ActionIcon,
  Badge,
  Box,
  Collapse,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconCopy, IconPencil, IconTrash, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { useSaveFunnelProps, useSplitFunnel, useSubFunnels } from '../api.ts';
import { useProgressRun } from '../use-progress-run.ts';
import { DeleteFunnelPopup } from './delete-funnel-popup.tsx';

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
/** "a progress counter rises 0 to 100 in 1% steps (every 50 ms in the geo entry)". */
export const SPLIT_STEP_MS = 50;

/** Runs a geo split with its progress, then the spinner until the answer (spec §4 Geo split). */
function useSplit(onDone: () => void) {
  const run = useProgressRun<Funnel>({ stepMs: SPLIT_STEP_MS });
  const splitFunnel = useSplitFunnel(run.start);
  const split = (id: number) => splitFunnel.mutate(id, { onSuccess: onDone });
  return { ...run, split, splitting: run.progress !== null };
}

function SplitProgress({ progress, waiting }: { progress: number | null; waiting: boolean }) {
  if (progress === null) return null;
  return (
    <Group gap="sm" wrap="nowrap" miw={180} aria-live="polite">
      {waiting ? (
        <>
          <Loader size="xs" aria-label="Finishing the split" />
          <Text size="xs" c="dimmed">
            Finishing…
          </Text>
        </>
      ) : (
        <>
          <Progress value={progress} w={120} size="sm" animated aria-label="Split progress" />
          <Text size="xs" c="dimmed" w={36} data-testid="split-progress">
            {progress}%
          </Text>
        </>
      )}
    </Group>
  );
}

type GeoFunnelsProps = {
  funnel: { id: number; name: string; sub_funnels_count: number };
  canEdit: boolean;
  canCreate: boolean;
};

/** The geo-funnel expander of a second-kind funnel in the list (spec §2.6). */
export function GeoFunnels({ funnel, canEdit, canCreate }: GeoFunnelsProps) {
  const [open, setOpen] = useState(false);
  const subFunnels = useSubFunnels(funnel.id, open);
  const [deleting, setDeleting] = useState<Funnel | null>(null);
  const showGeoFunnels = () => setOpen(true);
  const split = useSplit(showGeoFunnels);
  const count = subFunnels.data?.length ?? funnel.sub_funnels_count;

  return (
    <Box>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          <Group gap={6}>
            <IconWorld size={16} color="var(--mantine-color-indigo-6)" />
            <Text size="sm" fw={500}>
              Geo-funnels ({count})
            </Text>
            <IconChevronDown
              size={16}
              style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
            />
          </Group>
        </UnstyledButton>
        <Group gap="sm">
          <SplitProgress progress={split.progress} waiting={split.waiting} />
          {!split.splitting && (
            <LockedButton
              locked={!canCreate}
              size="xs"
              variant="light"
              onClick={() => split.split(funnel.id)}
            >
              Split into a geo-funnel
            </LockedButton>
          )}
        </Group>
      </Group>
      <Collapse expanded={open}>
        <Stack gap="xs" mt="sm">
          {subFunnels.isPending && <Skeleton h={56} />}
          {subFunnels.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              No geo-funnels yet. Split this funnel to show other countries their own version.
            </Text>
          )}
          {subFunnels.data?.map((geo) => (
            <GeoFunnelEntry
              key={geo.id}
              geo={geo}
              canEdit={canEdit}
              canCreate={canCreate}
              onDelete={() => setDeleting(geo)}
              onChanged={showGeoFunnels}
            />
          ))}
        </Stack>
      </Collapse>
      <DeleteFunnelPopup funnel={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

type GeoFunnelEntryProps = {
  geo: Funnel;
  canEdit: boolean;
  canCreate: boolean;
  onDelete: () => void;
  onChanged: () => void;
};

/** A geo-funnel: inline rename, geo selector, edit, duplicate and delete. */
function GeoFunnelEntry({ geo, canEdit, canCreate, onDelete, onChanged }: GeoFunnelEntryProps) {
  const [name, setName] = useState(geo.name);
  const [savedName, setSavedName] = useState(geo.name);
  const [countries, setCountries] = useState<string[]>(geo.ab_geo);
  const split = useSplit(onChanged);
  const save = useSaveFunnelProps(geo.id);
  // "an unsaved marker appears on input and clears after a successful save".
  const unsaved = name !== savedName;

  // mutateAsync: each save settles on its own, also when the next one starts before it answered.
  const saveName = () => {
    const next = name.trim();
    if (!unsaved || !next) return;
    save.mutateAsync({ name: next }).then(
      (saved) => {
        setName(saved.name);
        setSavedName(saved.name);
      },
      () => undefined,
    );
  };

  const saveCountries = (next: string[]) => {
    const previous = countries;
    setCountries(next);
    save.mutateAsync({ ab_geo: next }).catch(() => setCountries(previous));
  };

  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" data-testid="geo-funnel">
      <Group wrap="wrap" gap="sm" align="flex-start">
        <TextInput
          aria-label="Geo-funnel name"
          size="xs"
          w={220}
          value={name}
          disabled={!canEdit}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={saveName}
          onKeyDown={(event) => {
            if (event.key === 'Enter') saveName();
            if (event.key === 'Escape') setName(savedName);
          }}
          rightSection={
            unsaved ? (
              <Tooltip label="Unsaved: press Enter to save">
                <Badge size="xs" color="orange" variant="filled" circle aria-label="Unsaved changes">
                  •
                </Badge>
              </Tooltip>
            ) : null
          }
        />
        <MultiSelect
          aria-label="Countries"
          placeholder={countries.length === 0 ? 'Choose countries' : undefined}
          size="xs"
          miw={220}
          style={{ flex: 1 }}
          data={COUNTRY_OPTIONS}
          value={countries}
          searchable
          clearable
          disabled={!canEdit}
          maxDropdownHeight={240}
          onChange={saveCountries}
          comboboxProps={{ withinPortal: true }}
        />
        <Group gap={4} ml="auto">
          <SplitProgress progress={split.progress} waiting={split.waiting} />
          <Tooltip label="Edit">
            <ActionIcon
              component={Link}
              to={`/wfunnel/${geo.id}/overview`}
              variant="subtle"
              color="gray"
              aria-label={`Edit ${geo.name}`}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={canCreate ? 'Duplicate' : 'Access denied'}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Duplicate ${geo.name}`}
              disabled={split.splitting}
              data-disabled={!canCreate || undefined}
              onClick={() => canCreate && split.split(geo.id)}
            >
              <IconCopy size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={canCreate ? 'Delete' : 'Access denied'}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${geo.name}`}
              data-disabled={!canCreate || undefined}
              onClick={() => canCreate && onDelete()}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
