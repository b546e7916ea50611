import { hasUnreadChanges } from '@funnelwork/domain/rules';
import { ActionIcon, Indicator, List, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useMe } from '../../session/api.ts';
import { useChangelog } from '../api.ts';
import { readChangelogMark, writeChangelogMark } from '../changelog-read.ts';

/** An entry's day as the changelog writes it ('1 November 2026'); dayjs, not Intl (numbers.ts says why). */
const entryDay = (date: string) => dayjs(date).format('D MMMM YYYY');

/** The header's changelog widget (spec §2.5): what changed, with a dot until the newest entry is read. */
export function ChangelogWidget() {
  const me = useMe();
  const changelog = useChangelog();
  const [readUpTo, setReadUpTo] = useState(() => readChangelogMark(localStorage, me.id));
  const [opened, setOpened] = useState(false);
  const entries = changelog.data ?? [];
  if (entries.length === 0) return null;
  const unread = hasUnreadChanges(entries, readUpTo);

  const markRead = () => {
    const newest = entries[0]?.date;
    if (!newest || !unread) return;
    writeChangelogMark(localStorage, me.id, newest);
    setReadUpTo(newest);
  };

  return (
    <Popover
      position="bottom-end"
      width={360}
      shadow="md"
      opened={opened}
      onChange={setOpened}
      onOpen={markRead}
      returnFocus
      // Beside its button, not at the end of the page: Tab goes from the button into the list.
      withinPortal={false}
    >
      {/* The button, not the dot's wrapper, is the popup's target: it says whether the popup is open. */}
      <Indicator disabled={!unread} size={9} offset={6} color="red" data-testid="changelog-unread">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread ? 'What’s new (unread changes)' : 'What’s new'}
            title="What’s new"
            onClick={() => setOpened((open) => !open)}
            // Mantine closes on Escape only from inside the popup; a click leaves the focus on this button.
            onKeyDown={(event) => {
              if (event.key === 'Escape' && opened) {
                event.stopPropagation();
                setOpened(false);
              }
            }}
          >
            <IconSpeakerphone size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} data-testid="changelog">
        {/* The list scrolls: its viewport takes the focus so the keyboard can scroll it. */}
        <ScrollArea.Autosize mah={420} p="md" viewportProps={{ tabIndex: 0 }}>
          <Stack gap="md">
            <Title order={2} fz="md">
              What’s new
            </Title>
            {entries.map((entry) => (
              <div key={entry.date}>
                <Text size="xs" c="dimmed" fw={600} mb={4}>
                  {entryDay(entry.date)}
                </Text>
                <List size="sm" spacing={4}>
                  {entry.changes.map((change) => (
                    <List.Item key={change}>{change}</List.Item>
                  ))}
                </List>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
