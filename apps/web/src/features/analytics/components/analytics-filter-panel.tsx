import {
  canSaveFilter,
  FILTER_KEYS,
  FILTER_OPERANDS,
  type FilterCondition,
  type FilterKey,
  type FilterOperand,
  takesValues,
} from '@funnelwork/domain/rules';
import { Button, CloseButton, Group, Paper, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { conditionText, filterKeyLabel } from '../format.ts';

type Draft = { key: string | null; operand: string | null; value: string; values: string[] };
const EMPTY_DRAFT: Draft = { key: null, operand: null, value: '', values: [] };

type AnalyticsFilterPanelProps = {
  conditions: FilterCondition[];
  onChange: (conditions: FilterCondition[]) => void;
};

/** The filter panel: the conditions in force (all must hold), each removable and editable, and Add filter. */
export function AnalyticsFilterPanel({ conditions, onChange }: AnalyticsFilterPanelProps) {
  // The condition being edited (its index), or 'new'.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const save = (condition: FilterCondition) => {
    onChange(
      editing === 'new' || editing === null
        ? [...conditions, condition]
        : conditions.map((c, i) => (i === editing ? condition : c)),
    );
    setEditing(null);
  };
  return (
    <Paper withBorder radius="md" p="sm" mb="md" aria-label="Filters" component="section">
      <Group gap="xs" wrap="wrap">
        <IconFilter size={16} aria-hidden />
        {conditions.length === 0 && (
          <Text size="sm" c="dimmed">
            No filters: every visit and order counts.
          </Text>
        )}
        {conditions.map((condition, i) => {
          const text = conditionText(condition);
          return (
            <Group
              key={condition.id ?? i}
              gap={0}
              wrap="nowrap"
              bg="var(--mantine-color-gray-1)"
              style={{ borderRadius: 'var(--mantine-radius-xl)' }}
              pr={4}
              data-testid="filter-condition"
            >
              <Button
                size="compact-sm"
                variant="transparent"
                color="dark"
                fw={500}
                onClick={() => setEditing(i)}
              >
                {text}
              </Button>
              <CloseButton
                size="sm"
                radius="xl"
                aria-label={`Remove filter ${text}`}
                onClick={() => onChange(conditions.filter((_, j) => j !== i))}
              />
            </Group>
          );
        })}
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setEditing('new')}
        >
          Add filter
        </Button>
        {conditions.length > 0 && (
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => onChange([])}>
            Clear filters
          </Button>
        )}
      </Group>
      {editing !== null && (
        <FilterConditionPopup
          condition={editing === 'new' ? undefined : conditions[editing]}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}

type FilterConditionPopupProps = {
  condition?: FilterCondition;
  onSave: (condition: FilterCondition) => void;
  onClose: () => void;
};

/** One condition: key, operand, and its value (Contains, Does not contain, Equals) or values (Is one of, Is none of). */
function FilterConditionPopup({ condition, onSave, onClose }: FilterConditionPopupProps) {
  const [draft, setDraft] = useState<Draft>(
    condition
      ? {
          key: condition.key,
          operand: condition.operand,
          value: condition.value ?? '',
          values: condition.values ?? [],
        }
      : EMPTY_DRAFT,
  );
  const many = draft.operand ? takesValues(draft.operand as FilterOperand) : false;
  // "Filter condition Add/Save disabled without operand or value(s)."
  const ready = canSaveFilter(draft);
  const submit = () => {
    if (!ready) return;
    const operand = draft.operand as FilterOperand;
    onSave({
      id: condition?.id ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      key: draft.key as FilterKey,
      operand,
      ...(takesValues(operand)
        ? { values: draft.values.map((v) => v.trim()).filter((v) => v !== '') }
        : { value: draft.value.trim() }),
    });
  };
  return (
    <AppModal opened onClose={onClose} title={condition ? 'Edit filter' : 'Add filter'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Select
            label="Key"
            placeholder="Choose a key"
            data={FILTER_KEYS.map((key) => ({ value: key, label: filterKeyLabel(key) }))}
            value={draft.key}
            onChange={(key) => setDraft({ ...draft, key })}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Operand"
            placeholder="Choose an operand"
            data={FILTER_OPERANDS.map((o) => ({ value: o.operand, label: `${o.label} (${o.operand})` }))}
            value={draft.operand}
            onChange={(operand) => setDraft({ ...draft, operand })}
            comboboxProps={{ withinPortal: true }}
          />
          {many ? (
            <TagsInput
              label="Values"
              description="Press Enter after each value"
              value={draft.values}
              onChange={(values) => setDraft({ ...draft, values })}
              acceptValueOnBlur
            />
          ) : (
            <TextInput
              label="Value"
              value={draft.value}
              onChange={(event) => setDraft({ ...draft, value: event.currentTarget.value })}
              disabled={!draft.operand}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready}>
              {condition ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
