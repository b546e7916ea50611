import type { Folder, FunnelListItem } from '@funnelwork/domain';
import {
  Button,
  Center,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArchive, IconArrowLeft, IconFilter, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useDeferredQuery } from '../../../../shared/use-deferred-query.ts';
import { useFunnelAccess } from '../../access.ts';
import { useFolders, useFunnelPage } from '../../api.ts';
import { AddFunnelPopup } from '../../components/add-funnel-popup.tsx';
import { CloneFunnelPopup } from '../../components/clone-funnel-popup.tsx';
import { DeleteFunnelPopup } from '../../components/delete-funnel-popup.tsx';
import { FolderBar } from '../../components/folder-bar.tsx';
import { DeleteFolderPopup, FolderNamePopup, MoveToFolderPopup } from '../../components/folder-popups.tsx';
import { FunnelCard } from '../../components/funnel-card.tsx';
import { FunnelSettingsPopup } from '../../components/funnel-settings-popup.tsx';

/** "Save delay 300 ms": the search waits as long before it asks. */
const SEARCH_DELAY_MS = 300;

export function FunnelListScreen() {
  return <FunnelList archived={false} />;
}

export function ArchivedFunnelsScreen() {
  return <FunnelList archived />;
}

/** /funnels and /funnels/archive: pinned first, then the latest updated (the server's order). */
function FunnelList({ archived }: { archived: boolean }) {
  const access = useFunnelAccess();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const folderId = archived ? null : Number(search.get('folder')) || null;
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query, SEARCH_DELAY_MS);
  const funnels = useDeferredQuery(useFunnelPage(archived, { page, folderId, query: debouncedQuery }));
  const folders = useFolders();

  const [adding, setAdding] = useState(false);
  const [cloning, setCloning] = useState<FunnelListItem | null>(null);
  const [deleting, setDeleting] = useState<FunnelListItem | null>(null);
  const [moving, setMoving] = useState<FunnelListItem | null>(null);
  const [configuring, setConfiguring] = useState<FunnelListItem | null>(null);
  const [namingFolder, setNamingFolder] = useState<Folder | 'new' | null>(null);
  const [deletingFolder, setDeletingFolder] = useState<Folder | null>(null);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === null) next.delete(key);
    else next.set(key, value);
    if (key !== 'page') next.delete('page');
    setSearch(next);
  };

  const items = funnels.data?.data ?? [];
  const totalPages = funnels.data?.meta.total_pages ?? 1;

  return (
    <Stack gap="md">
      <PageHeader
        title={archived ? 'Archived funnels' : 'Funnels'}
        description={
          archived
            ? 'Deleted funnels stay here. Restore one to publish it again.'
            : 'Build, publish and track the funnels that sell for you.'
        }
        back={
          archived ? (
            <Button
              component={Link}
              to="/funnels"
              variant="subtle"
              size="compact-sm"
              leftSection={<IconArrowLeft size={14} />}
              w="fit-content"
              px={4}
            >
              All funnels
            </Button>
          ) : undefined
        }
        actions={
          archived ? undefined : (
            <>
              <Button
                component={Link}
                to="/funnels/archive"
                variant="default"
                leftSection={<IconArchive size={16} />}
              >
                Archive
              </Button>
              <LockedButton
                locked={!access.funnels}
                leftSection={<IconPlus size={16} />}
                onClick={() => setAdding(true)}
              >
                Add funnel
              </LockedButton>
            </>
          )
        }
      />
      <Group justify="space-between" gap="sm" wrap="wrap">
        {archived ? (
          <span />
        ) : (
          <FolderBar
            folders={folders.data ?? []}
            selected={folderId}
            canEdit={access.funnels}
            onSelect={(id) => setParam('folder', id === null ? null : String(id))}
            onCreate={() => setNamingFolder('new')}
            onRename={setNamingFolder}
            onDelete={setDeletingFolder}
          />
        )}
        <TextInput
          aria-label="Search funnels"
          placeholder="Search funnels"
          leftSection={<IconSearch size={16} />}
          w={260}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            if (page !== 1) setParam('page', null);
          }}
        />
      </Group>

      {funnels.isPending && (
        <Stack>
          <Skeleton h={150} radius="lg" />
          <Skeleton h={150} radius="lg" />
        </Stack>
      )}
      {funnels.isError && funnels.error && (
        <ErrorBox title="Unable to load page" message={funnels.error.message} />
      )}
      {funnels.data && items.length === 0 && (
        <EmptyList
          archived={archived}
          filtered={!!debouncedQuery || folderId !== null}
          onAdd={() => setAdding(true)}
          canAdd={access.funnels}
        />
      )}
      <Stack gap="md" component="section" aria-label={archived ? 'Archived funnels' : 'Funnel list'}>
        {items.map((funnel) => (
          <FunnelCard
            key={`${funnel.id}-${funnel.pinned}`}
            funnel={funnel}
            access={access}
            onClone={() => setCloning(funnel)}
            onDelete={() => setDeleting(funnel)}
            onMove={() => setMoving(funnel)}
            onSettings={() => setConfiguring(funnel)}
          />
        ))}
      </Stack>
      {totalPages > 1 && (
        <Center>
          <Pagination
            total={totalPages}
            value={page}
            siblings={3}
            onChange={(p) => setParam('page', String(p))}
          />
        </Center>
      )}

      <AddFunnelPopup opened={adding} onClose={() => setAdding(false)} folderId={folderId} />
      <CloneFunnelPopup funnel={cloning} onClose={() => setCloning(null)} />
      <DeleteFunnelPopup funnel={deleting} onClose={() => setDeleting(null)} />
      <FunnelSettingsPopup
        funnel={configuring}
        canEdit={access.funnels}
        onClose={() => setConfiguring(null)}
      />
      <MoveToFolderPopup funnel={moving} folders={folders.data ?? []} onClose={() => setMoving(null)} />
      <FolderNamePopup folder={namingFolder} onClose={() => setNamingFolder(null)} />
      <DeleteFolderPopup
        folder={deletingFolder}
        onClose={() => setDeletingFolder(null)}
        onDeleted={() => setParam('folder', null)}
      />
    </Stack>
  );
}

type EmptyListProps = { archived: boolean; filtered: boolean; canAdd: boolean; onAdd: () => void };

function EmptyList({ archived, filtered, canAdd, onAdd }: EmptyListProps) {
  return (
    <Center py={64}>
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          {filtered ? (
            <IconFilter size={28} />
          ) : archived ? (
            <IconArchive size={28} />
          ) : (
            <IconPlus size={28} />
          )}
        </ThemeIcon>
        <Text fw={600} size="lg">
          {filtered ? 'No funnels match' : archived ? 'The archive is empty' : 'No funnels yet'}
        </Text>
        <Text c="dimmed" size="sm">
          {filtered
            ? 'Try another name or folder.'
            : archived
              ? 'Funnels you delete land here, ready to be restored.'
              : 'Create your first funnel, or start from a ready-made template.'}
        </Text>
        {!filtered && !archived && (
          <Group mt="sm">
            <Button component={Link} to="/get-started/templates" variant="default">
              Browse templates
            </Button>
            <LockedButton locked={!canAdd} leftSection={<IconPlus size={16} />} onClick={onAdd}>
              Add funnel
            </LockedButton>
          </Group>
        )}
      </Stack>
    </Center>
  );
}
