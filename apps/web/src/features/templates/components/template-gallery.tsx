import type { StepTemplateOut } from '@funnelwork/domain';
import { STEP_TYPES } from '@funnelwork/domain/rules';
import { Center, Chip, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useStepTemplates } from '../api.ts';
import { TemplateCard } from './template-card.tsx';
import { UseTemplatePopup } from './use-template-popup.tsx';

const ALL = 'all';

/** The gallery of built-in step templates: step-type filter, search, like, "Use template". */
export function TemplateGallery({ limit }: { limit?: number }) {
  const [stepType, setStepType] = useState<string>(ALL);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const [using, setUsing] = useState<StepTemplateOut | null>(null);
  const templates = useStepTemplates({ stepType: stepType === ALL ? null : Number(stepType), query });
  const shown = limit ? templates.data?.slice(0, limit) : templates.data;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Chip.Group value={stepType} onChange={(value) => setStepType(value as string)}>
          <Group gap="xs" role="group" aria-label="Step type">
            <Chip value={ALL} size="sm">
              All
            </Chip>
            {STEP_TYPES.map((t) => (
              <Chip key={t.value} value={String(t.value)} size="sm">
                {t.title}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <TextInput
          aria-label="Search templates"
          placeholder="Search templates"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={260}
        />
      </Group>
      {templates.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : templates.isError ? (
        <Text c="red">Unable to load templates</Text>
      ) : shown && shown.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="md">
          {shown.map((template) => (
            <TemplateCard key={template.id} template={template} onUse={setUsing} />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed" ta="center" py="xl">
          No templates match your search
        </Text>
      )}
      <UseTemplatePopup template={using} onClose={() => setUsing(null)} />
    </Stack>
  );
}
