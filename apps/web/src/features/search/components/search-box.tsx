import type { SearchGroupName, SearchResults } from '@funnelwork/domain/search/contracts';
import {
  Anchor,
  Avatar,
  Box,
  CloseButton,
  Group,
  List,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import {
  IconApps,
  IconFilter,
  IconHelp,
  IconMoodEmpty,
  IconPackage,
  IconPlugConnected,
  IconSearch,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { EXTERNAL_LINKS } from '../../../app/external-links.ts';
import { useSearch } from '../api.ts';
import { splitMatches } from '../highlight.ts';
import { foundCount, SEARCH_GROUPS, searchItemName, searchTarget, viewAllTarget } from '../search-targets.ts';
import classes from './search-box.module.css';

export const SEARCH_PLACEHOLDER = 'Type to search...';

const GROUP_ICONS: Record<SearchGroupName, ReactNode> = {
  funnels: <IconFilter size={15} />,
  apps: <IconApps size={15} />,
  customers: <IconUser size={15} />,
  integrations: <IconPlugConnected size={15} />,
  products: <IconPackage size={15} />,
};

/** The name with the typed text in bold. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  return splitMatches(text, query).map((part, i) =>
    // The parts of one name never reorder, so their positions are stable keys.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
  );
}

/** The global search box in the header (spec §2 "Global search box"). */
export function SearchBox() {
  const [text, setText] = useState('');
  const [opened, setOpened] = useState(false);
  const query = text.trim();
  const search = useSearch(text);
  const clear = () => {
    setText('');
    setOpened(false);
  };
  return (
    <Popover
      opened={opened && query !== ''}
      onDismiss={() => setOpened(false)}
      position="bottom-start"
      width={420}
      shadow="lg"
      radius="md"
      offset={6}
      trapFocus={false}
      returnFocus={false}
      // A text box may not say it is expanded (ARIA 1.2); the results are a labelled region.
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          className={classes.input}
          aria-label="Search"
          placeholder={SEARCH_PLACEHOLDER}
          radius="xl"
          leftSection={<IconSearch size={16} />}
          rightSection={text ? <CloseButton size="sm" aria-label="Clear search" onClick={clear} /> : null}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpened(true);
          }}
          onFocus={() => setOpened(true)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpened(false);
          }}
        />
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <section aria-label="Search results">
          <ScrollArea.Autosize mah="min(70vh, 560px)" type="auto">
            <Box p="xs">
              {search.isPending && (
                <Group justify="center" gap="xs" py="lg">
                  <Loader size="sm" />
                  <Text size="sm" c="dimmed">
                    Loading...
                  </Text>
                </Group>
              )}
              {search.isError && (
                <Text size="sm" c="red" p="sm">
                  {search.error.message}
                </Text>
              )}
              {search.data && <SearchResultsView results={search.data} query={query} />}
            </Box>
          </ScrollArea.Autosize>
          <Group className={classes.footer} justify="space-between" px="md" py={8}>
            <Anchor href={EXTERNAL_LINKS.forum} target="_blank" rel="noreferrer" size="xs" c="dimmed">
              <Group gap={4} wrap="nowrap">
                <IconUsersGroup size={14} />
                Community
              </Group>
            </Anchor>
            <Anchor href="/help" size="xs" c="dimmed">
              <Group gap={4} wrap="nowrap">
                <IconHelp size={14} />
                Help
              </Group>
            </Anchor>
          </Group>
        </section>
      </Popover.Dropdown>
    </Popover>
  );
}

function SearchResultsView({ results, query }: { results: SearchResults; query: string }) {
  const n = foundCount(results);
  if (n === 0) return <NoResults query={query} />;
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" px={10} pt={4} aria-live="polite">
        {`${n} items found`}
      </Text>
      {SEARCH_GROUPS.map(({ name, title }) => {
        const items = results[name];
        if (items.length === 0) return null;
        const viewAll = viewAllTarget[name];
        return (
          <section key={name} aria-label={title}>
            <Group justify="space-between" px={10} py={4}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
                {title}
              </Text>
              {viewAll && (
                <Anchor href={viewAll} size="xs" fw={500}>
                  View all
                </Anchor>
              )}
            </Group>
            {items.map((item) => (
              <ResultItem key={`${name}-${item.id}`} group={name} item={item} query={query} />
            ))}
          </section>
        );
      })}
    </Stack>
  );
}

function ResultItem({
  group,
  item,
  query,
}: {
  group: SearchGroupName;
  item: SearchResults[SearchGroupName][number];
  query: string;
}) {
  const name = searchItemName(group, item);
  // Each group's target takes that group's item; the union here is narrowed by `group`.
  const href = (searchTarget[group] as (i: typeof item) => string | null)(item);
  const image = 'image_url' in item ? item.image_url : null;
  const content = (
    <>
      {image ? (
        <Avatar src={image} size={26} radius="sm" />
      ) : (
        <ThemeIcon size={26} radius="sm" variant="light" color="indigo">
          {GROUP_ICONS[group]}
        </ThemeIcon>
      )}
      <Text size="sm" truncate>
        <Highlighted text={name} query={query} />
      </Text>
    </>
  );
  // "The search box navigates by full page load": a plain link, not the router's.
  return href ? (
    <a className={classes.item} href={href}>
      {content}
    </a>
  ) : (
    <div className={`${classes.item} ${classes.itemDisabled}`} title="Not placed on a funnel step">
      {content}
    </div>
  );
}

/** The no-results text naming the typed term, with search tips. */
function NoResults({ query }: { query: string }) {
  return (
    <Stack gap="xs" align="center" ta="center" py="md" px="sm">
      <ThemeIcon size={40} radius="xl" variant="light" color="gray">
        <IconMoodEmpty size={22} />
      </ThemeIcon>
      <Text size="sm" fw={600}>
        {`No results found for "${query}"`}
      </Text>
      <Box ta="left">
        <Text size="xs" c="dimmed" mb={4}>
          Search tips:
        </Text>
        <List size="xs" c="dimmed" spacing={2}>
          <List.Item>Check the spelling of the words you typed.</List.Item>
          <List.Item>Try fewer or more general words.</List.Item>
          <List.Item>Search funnels and products by name, customers by name or e-mail.</List.Item>
        </List>
      </Box>
    </Stack>
  );
}
