import { Collapse, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

const storageKey = (name: string) => `fw.expandable.${name}`;

function readOpen(name: string, defaultOpen: boolean): boolean {
  const stored = localStorage.getItem(storageKey(name));
  return stored === null ? defaultOpen : stored === '1';
}

type ExpandableAreaProps = {
  /** Names the area: its open state is kept per name in local storage. */
  name: string;
  title: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
};

/** "Expandable area (open state persisted per name locally; may default to closed)." */
export function ExpandableArea({ name, title, defaultOpen = true, children }: ExpandableAreaProps) {
  const [open, setOpen] = useState(() => readOpen(name, defaultOpen));
  const toggle = () => {
    setOpen((current) => {
      localStorage.setItem(storageKey(name), current ? '0' : '1');
      return !current;
    });
  };
  return (
    <Paper withBorder radius="md">
      <UnstyledButton onClick={toggle} w="100%" px="md" py="sm" aria-expanded={open}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{title}</Text>
          <IconChevronDown
            size={18}
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <div style={{ padding: '0 var(--mantine-spacing-md) var(--mantine-spacing-md)' }}>{children}</div>
      </Collapse>
    </Paper>
  );
}
