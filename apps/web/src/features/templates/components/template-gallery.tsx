import type { FunnelKit, StepTemplateOut } from '@funnelwork/domain';
import { STEP_TYPES } from '@funnelwork/domain/rules';
import { templateMatches } from '@funnelwork/domain/templates/contracts';
import {
  Badge,
  Button,
  Center,
  Chip,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useFunnelKits, useStepTemplates } from '../api.ts';
import { CreateKitFunnelPopup } from './create-kit-funnel-popup.tsx';
import { TemplateCard } from './template-card.tsx';
import { UseTemplatePopup } from './use-template-popup.tsx';

const ALL = 'all';

type Filters = { stepType: string; search: string; kit: string | null; format: string | null };

function GalleryFilters({
  filters,
  onChange,
  withKits,
}: {
  filters: Filters;
  onChange: (next: Partial<Filters>) => void;
  withKits: boolean;
}) {
  const kits = useFunnelKits();
  return (
    <Group justify="space-between" align="flex-end">
      <Chip.Group value={filters.stepType} onChange={(value) => onChange({ stepType: value as string })}>
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
      <Group gap="sm" align="flex-end">
        {withKits && (
          <>
            <Select
              label="Funnel kit"
              placeholder="All kits"
              clearable
              w={180}
              data={(kits.data?.kits ?? []).map((kit) => ({ value: kit.id, label: kit.name }))}
              value={filters.kit}
              onChange={(kit) => onChange({ kit })}
            />
            <Select
              label="Type"
              placeholder="All types"
              clearable
              w={200}
              data={(kits.data?.formats ?? []).map((format) => ({ value: format.id, label: format.title }))}
              value={filters.format}
              onChange={(format) => onChange({ format })}
            />
          </>
        )}
        <TextInput
          aria-label="Search templates"
          placeholder="Search templates"
          leftSection={<IconSearch size={16} />}
          value={filters.search}
          onChange={(event) => onChange({ search: event.currentTarget.value })}
          w={240}
        />
      </Group>
    </Group>
  );
}

function KitSection({
  kit,
  templates,
  formatTitle,
  onUse,
  onCreate,
}: {
  kit: FunnelKit;
  templates: StepTemplateOut[];
  formatTitle: (id: string) => string;
  onUse: (template: StepTemplateOut) => void;
  onCreate: (kit: FunnelKit) => void;
}) {
  const headingId = `kit-${kit.id}`;
  return (
    <section aria-labelledby={headingId} data-testid="kit-section">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <div>
          <Group gap="xs">
            <Title order={2} fz={20} id={headingId}>
              {kit.name}
            </Title>
            <Badge variant="light" size="sm">
              {kit.templates_count} templates
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {kit.description} Its funnel: {kit.steps.map((step) => step.name).join(' → ')}.
          </Text>
        </div>
        <Button variant="light" onClick={() => onCreate(kit)}>
          Create the {kit.name.toLowerCase()} funnel
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="md">
        {templates.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            format={formatTitle(template.format)}
            onUse={onUse}
          />
        ))}
      </SimpleGrid>
    </section>
  );
}

/**
 * The gallery of built-in step templates: step-type chips, search, like, "Use template". The whole gallery
 * (`grouped`) shows them in funnel-kit sections, filtered by kit and type, each kit making a whole funnel.
 */
export function TemplateGallery({ limit, grouped = false }: { limit?: number; grouped?: boolean }) {
  const [filters, setFilters] = useState<Filters>({ stepType: ALL, search: '', kit: null, format: null });
  const [query] = useDebouncedValue(filters.search, 250);
  const [using, setUsing] = useState<StepTemplateOut | null>(null);
  const [creating, setCreating] = useState<FunnelKit | null>(null);
  const kits = useFunnelKits();
  const templates = useStepTemplates({
    stepType: filters.stepType === ALL ? null : Number(filters.stepType),
    query,
  });
  // The server's answer for the debounced words, narrowed at once by what is typed now (the same rule),
  // so the list never shows templates the search excludes while its answer is on its way.
  const matching = (templates.data ?? []).filter(
    (template) =>
      (filters.format === null || template.format === filters.format) &&
      templateMatches(template, filters.search),
  );
  const shown = limit ? matching.slice(0, limit) : matching;
  const formatTitle = (id: string) => kits.data?.formats.find((format) => format.id === id)?.title ?? id;
  const sections = (kits.data?.kits ?? [])
    .filter((kit) => filters.kit === null || kit.id === filters.kit)
    .map((kit) => ({ kit, templates: shown.filter((template) => template.kit === kit.id) }))
    .filter((section) => section.templates.length > 0);

  const pending = templates.isPending || (grouped && kits.isPending);
  const empty = grouped ? sections.length === 0 : shown.length === 0;
  return (
    <Stack>
      <GalleryFilters
        filters={filters}
        onChange={(next) => setFilters((current) => ({ ...current, ...next }))}
        withKits={grouped}
      />
      {pending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : templates.isError || (grouped && kits.isError) ? (
        <Text c="red">Unable to load templates</Text>
      ) : empty ? (
        <Text c="dimmed" ta="center" py="xl">
          No templates match your search
        </Text>
      ) : grouped ? (
        <Stack gap={40}>
          {sections.map((section) => (
            <KitSection
              key={section.kit.id}
              kit={section.kit}
              templates={section.templates}
              formatTitle={formatTitle}
              onUse={setUsing}
              onCreate={setCreating}
            />
          ))}
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} spacing="md">
          {shown.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              format={formatTitle(template.format)}
              onUse={setUsing}
            />
          ))}
        </SimpleGrid>
      )}
      <UseTemplatePopup template={using} onClose={() => setUsing(null)} />
      <CreateKitFunnelPopup kit={creating} onClose={() => setCreating(null)} />
    </Stack>
  );
}
