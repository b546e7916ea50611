import {
  getAtPath,
  SYSTEM_FONT_FAMILIES,
  type ValuePath,
  type ViewMode,
  WEB_FONT_FAMILIES,
} from '@funnelwork/blocks';
import {
  ActionIcon,
  Autocomplete,
  Badge,
  Box,
  Button,
  ColorInput,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTablet,
  IconPhoto,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';
import { useEditorServices } from '../services.tsx';
import { differsFromDesktop } from '../settings/devices.ts';
import type { SettingsField } from '../settings/settings-fields.ts';
import { ImageLibrary } from './image-library.tsx';

export type ChangeValue = (path: ValuePath, value: unknown, field: SettingsField) => void;

type ControlProps = {
  field: SettingsField;
  /** The node (or page settings) the paths start at. */
  root: unknown;
  /** Where this field's path starts inside the root (list items add their index). */
  base: ValuePath;
  view: ViewMode;
  onChange: ChangeValue;
};

const FONT_FAMILIES = [...WEB_FONT_FAMILIES, ...SYSTEM_FONT_FAMILIES];
const DEVICE_ICONS = {
  desktop: IconDeviceDesktop,
  tablets: IconDeviceTablet,
  mobile: IconDeviceMobile,
} as const;

/**
 * A text value written to the document on every keystroke, so the canvas follows the typing and autosave
 * sees it; the editor groups a burst of keystrokes into one undo step. The draft keeps what was typed when
 * the document refuses a value (its notice says why).
 */
function LiveText({
  label,
  value,
  multiline,
  onCommit,
  autocomplete,
}: {
  label: string;
  value: string;
  multiline: boolean;
  onCommit: (value: string) => void;
  autocomplete?: string[];
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const type = (next: string) => {
    setDraft(next);
    if (next !== value) onCommit(next);
  };
  if (autocomplete) {
    return <Autocomplete size="xs" label={label} data={autocomplete} value={draft} onChange={type} />;
  }
  if (multiline) {
    return (
      <Textarea
        size="xs"
        label={label}
        value={draft}
        autosize
        minRows={2}
        maxRows={10}
        onChange={(event) => type(event.currentTarget.value)}
        styles={label === 'Content' ? undefined : { input: { fontFamily: 'ui-monospace, monospace' } }}
      />
    );
  }
  return (
    <TextInput size="xs" label={label} value={draft} onChange={(event) => type(event.currentTarget.value)} />
  );
}

function SpacingControl({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Record<string, number>;
  onChange: (value: Record<string, number>) => void;
}) {
  return (
    <Box>
      <Text size="xs" fw={500} mb={4}>
        {label}
      </Text>
      <Group gap={6} wrap="nowrap">
        {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
          <NumberInput
            key={side}
            size="xs"
            aria-label={`${label} ${side}`}
            description={side.charAt(0).toUpperCase() + side.slice(1)}
            inputWrapperOrder={['input', 'description']}
            value={value[side] ?? 0}
            hideControls
            onChange={(next) => {
              if (typeof next === 'number') onChange({ ...value, [side]: next });
            }}
            styles={{ description: { textAlign: 'center', fontSize: 10 } }}
          />
        ))}
      </Group>
    </Box>
  );
}

/** An image address: a thumbnail, the address as text, and the image library to upload or pick one. */
function ImageControl({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={4}>
      <LiveText label={label} value={value} multiline={false} onCommit={onCommit} />
      <Group gap={6} wrap="nowrap">
        {value && (
          <img src={value} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />
        )}
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPhoto size={14} />}
          onClick={() => setOpen(true)}
        >
          Choose image
        </Button>
        {value && (
          <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onCommit('')}>
            Remove
          </Button>
        )}
      </Group>
      <ImageLibrary opened={open} onClose={() => setOpen(false)} onPick={onCommit} />
    </Stack>
  );
}

/** A list entry linked to a product shows that product's name and price: its own are not asked for. */
const LINKED_HIDES = new Set(['title', 'price']);
const isLinked = (item: unknown) =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as { productId?: unknown }).productId === 'number';

/** The value a control shows: a product field also reads (and writes) the entry around it. */
function shownValue({ field, root, base }: ControlProps): unknown {
  const path = [...base, ...field.path];
  return getAtPath(root, field.kind === 'product' ? path.slice(0, -1) : path);
}

const samePath = (a: ValuePath, b: ValuePath) => a.length === b.length && a.every((key, i) => key === b[i]);

/**
 * A control re-renders only when its own value (or field, view, handler) changed: typing in one field must
 * not re-render the forty others of the panel (bench/editor.ts). The panel keeps unchanged values' identity
 * (replaceEqualDeep), so an object value (spacing, a list) compares by reference.
 */
const sameControl = (before: ControlProps, after: ControlProps) =>
  before.field === after.field &&
  before.view === after.view &&
  before.onChange === after.onChange &&
  samePath(before.base, after.base) &&
  (before.root === after.root || shownValue(before) === shownValue(after));

/** One generated control: text, colour, number, switch, choice, spacing, group, per-device, list or variant. */
export const SettingsControl = memo(function SettingsControl({
  field,
  root,
  base,
  view,
  onChange,
}: ControlProps) {
  const { PopupField, ProductField } = useEditorServices();
  const path = [...base, ...field.path];
  const value = getAtPath(root, path);
  const change = (next: unknown, at: ValuePath = path) => onChange(at, next, field);

  switch (field.kind) {
    case 'text':
      return (
        <LiveText
          label={field.label}
          value={typeof value === 'string' ? value : ''}
          multiline={field.multiline}
          onCommit={change}
          autocomplete={field.path.at(-1) === 'family' ? FONT_FAMILIES : undefined}
        />
      );
    case 'popup':
      return <PopupField label={field.label} value={value} onChange={change} />;
    case 'product': {
      const parentPath = path.slice(0, -1);
      const parent = getAtPath(root, parentPath) as Record<string, unknown> | undefined;
      return (
        <ProductField
          label={field.label}
          value={value}
          onChange={(product) => {
            if (parent && 'title' in parent && 'price' in parent && product) {
              change(
                { ...parent, productId: product.id, title: product.name, price: product.price },
                parentPath,
              );
            } else change(product?.id ?? (field.optional ? undefined : null));
          }}
        />
      );
    }
    case 'image':
      return (
        <ImageControl label={field.label} value={typeof value === 'string' ? value : ''} onCommit={change} />
      );
    case 'color':
      return (
        <ColorInput
          size="xs"
          label={field.label}
          value={typeof value === 'string' ? value : ''}
          format="hex"
          swatches={['#252A32', '#FFFFFF', '#4368E0', '#636A7B', '#FDCC5E', '#2F9E44', '#E03131', '#D5E5FF']}
          onChangeEnd={change}
          placeholder="None"
        />
      );
    case 'number':
      return (
        <NumberInput
          size="xs"
          label={field.label}
          value={typeof value === 'number' ? value : ''}
          min={field.min}
          max={field.max}
          allowDecimal={!field.integer}
          placeholder={field.nullable ? 'Auto' : undefined}
          onChange={(next) => {
            if (typeof next === 'number') change(next);
            else if (next === '' && field.nullable) change(null);
          }}
        />
      );
    case 'switch':
      return (
        <Switch
          size="sm"
          label={field.label}
          checked={value === true}
          onChange={(event) => change(event.currentTarget.checked)}
        />
      );
    case 'select':
    case 'columns':
      return field.options.length <= 3 && field.options.every((option) => option.label.length <= 10) ? (
        <Box>
          <Text size="xs" fw={500} mb={4}>
            {field.label}
          </Text>
          <SegmentedControl
            size="xs"
            fullWidth
            aria-label={field.label}
            value={String(value)}
            data={field.options}
            onChange={change}
          />
        </Box>
      ) : (
        <Select
          size="xs"
          label={field.label}
          value={typeof value === 'string' ? value : null}
          data={field.options}
          allowDeselect={false}
          onChange={(next) => next !== null && change(next)}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'spacing':
      return (
        <SpacingControl
          label={field.label}
          value={(value ?? {}) as Record<string, number>}
          onChange={change}
        />
      );
    case 'group':
      return (
        <Paper withBorder radius="md" p="xs" bg="gray.0">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
            {field.label}
          </Text>
          <Stack gap={8}>
            {field.fields.map((inner) => (
              <SettingsControl
                key={inner.path.join('.')}
                field={inner}
                root={root}
                base={base}
                view={view}
                onChange={onChange}
              />
            ))}
          </Stack>
        </Paper>
      );
    case 'perDevice': {
      const Icon = DEVICE_ICONS[view];
      const values = value as Record<ViewMode, unknown> | undefined;
      return (
        <Box>
          <SettingsControl
            field={{ ...field.field, label: field.label } as SettingsField}
            root={root}
            base={[...path, view]}
            view={view}
            onChange={(at, next) => onChange(at, next, field)}
          />
          <Group gap={4} mt={4}>
            <Icon size={12} color="var(--mantine-color-indigo-6)" />
            <Text size="xs" c="dimmed">
              For {view}
            </Text>
            {differsFromDesktop(values as Record<ViewMode, string> | undefined, view) && (
              <Badge size="xs" variant="light" color="indigo">
                {view} only
              </Badge>
            )}
          </Group>
        </Box>
      );
    }
    case 'list': {
      const items = Array.isArray(value) ? value : [];
      return (
        <Box>
          <Group justify="space-between" mb={4}>
            <Text size="xs" fw={600}>
              {field.label}
            </Text>
            <Tooltip label={`Add to ${field.label.toLowerCase()}`}>
              <ActionIcon
                size="sm"
                variant="light"
                aria-label={`Add to ${field.label.toLowerCase()}`}
                onClick={() => change([...items, structuredClone(field.newItem)])}
              >
                <IconPlus size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Stack gap={6}>
            {items.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: list items are known by their position
              <Paper key={index} withBorder radius="md" p="xs">
                <Group justify="space-between" mb={4}>
                  <Text size="xs" c="dimmed">
                    #{index + 1}
                  </Text>
                  <ActionIcon
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${field.label.toLowerCase()} #${index + 1}`}
                    onClick={() => change(items.filter((__, position) => position !== index))}
                  >
                    <IconTrash size={12} />
                  </ActionIcon>
                </Group>
                <Stack gap={6}>
                  {field.fields
                    .filter((inner) => !(isLinked(items[index]) && LINKED_HIDES.has(String(inner.path[0]))))
                    .map((inner) => (
                      <SettingsControl
                        key={inner.path.join('.')}
                        field={inner}
                        root={root}
                        base={[...path, index]}
                        view={view}
                        onChange={onChange}
                      />
                    ))}
                </Stack>
              </Paper>
            ))}
            {items.length === 0 && (
              <Text size="xs" c="dimmed">
                None yet
              </Text>
            )}
          </Stack>
        </Box>
      );
    }
    case 'variant': {
      const current = (value as Record<string, unknown> | undefined)?.[field.discriminator];
      const variant = field.variants.find((item) => item.value === current);
      return (
        <Stack gap={6}>
          <Select
            size="xs"
            label={field.label}
            value={typeof current === 'string' ? current : null}
            data={field.variants.map((item) => ({ value: item.value, label: item.label }))}
            allowDeselect={false}
            onChange={(next) => {
              const chosen = field.variants.find((item) => item.value === next);
              if (chosen) change(structuredClone(chosen.empty));
            }}
          />
          {variant?.fields.map((inner) => (
            <SettingsControl
              key={inner.path.join('.')}
              field={inner}
              root={root}
              base={base}
              view={view}
              onChange={onChange}
            />
          ))}
        </Stack>
      );
    }
  }
}, sameControl);

export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onClick}>
      {label}
    </Button>
  );
}
