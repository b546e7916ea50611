import { useDraggable } from '@dnd-kit/core';
import type { PaletteType } from '@funnelwork/blocks';
import { SegmentedControl, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { type PaletteGroup, paletteTitle } from '../palette.ts';
import { paletteIcon } from '../palette-icons.ts';
import { useEditorServices } from '../services.tsx';
import { useEditor } from '../state/editor-context.tsx';
import classes from './editor.module.css';
import { SavedAssetsPanel } from './saved-assets.tsx';

function PaletteTile({ type }: { type: PaletteType }) {
  const { dispatch } = useEditor();
  const { texts } = useEditorServices();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `palette:${type}`,
    data: { source: 'palette', type },
  });
  const Icon = paletteIcon(type);
  const title = paletteTitle(type);
  return (
    <UnstyledButton
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      className={classes.tile}
      data-dragging={isDragging || undefined}
      aria-label={`Add ${title}`}
      aria-roledescription="draggable palette item"
      title={`Drag onto the ${texts.noun}, or press Enter to add ${title}`}
      onClick={() => dispatch({ type: 'insert', item: type })}
      onKeyDown={(event) => {
        // Enter adds at once; Space starts a keyboard drag (dnd-kit's listener).
        if (event.key === 'Enter') {
          event.preventDefault();
          dispatch({ type: 'insert', item: type });
          return;
        }
        listeners?.onKeyDown?.(event);
      }}
    >
      <Icon size={22} stroke={1.5} />
      <Text size="xs" fw={500} ta="center" lh={1.2}>
        {title}
      </Text>
    </UnstyledButton>
  );
}

/** "Add new element": the shell's palette, grouped; drag a tile onto the page or click it. */
export function PalettePanel({ palette }: { palette: readonly PaletteGroup[] }) {
  const [tab, setTab] = useState<'elements' | 'saved'>('elements');
  return (
    <Stack gap="md">
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label="Palette"
        value={tab}
        onChange={(value) => setTab(value as 'elements' | 'saved')}
        data={[
          { value: 'elements', label: 'Elements' },
          { value: 'saved', label: 'Saved' },
        ]}
      />
      {tab === 'saved' && <SavedAssetsPanel />}
      {tab === 'elements' &&
        palette.map((group) => (
          <Stack key={group.title} gap={6}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5}>
              {group.title}
            </Text>
            <SimpleGrid cols={3} spacing={6} verticalSpacing={6}>
              {group.types.map((type) => (
                <PaletteTile key={type} type={type} />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
    </Stack>
  );
}
