import {
  BLOCKS,
  type Block,
  type ColumnLayout,
  EMAIL_WIDTH,
  findNode,
  LAYOUT_ITEMS,
  type NodeId,
  pageSettingsSchema,
  type ValuePath,
  type ViewMode,
} from '@funnelwork/blocks';
import { Button, Center, Group, NumberInput, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconClick } from '@tabler/icons-react';
import { replaceEqualDeep } from '@tanstack/react-query';
import { memo, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useEditorServices } from '../services.tsx';
import {
  pageSettingsFields,
  type SettingsField,
  type SettingsGroup,
  settingsGroups,
} from '../settings/settings-fields.ts';
import { useEditor } from '../state/editor-context.tsx';
import { SaveAsAssetButton } from './saved-assets.tsx';
import { type ChangeValue, SettingsControl } from './settings-control.tsx';

const CONTENT_KIND = { headline: 'html', paragraph: 'html', customHtml: 'html', link: 'text' } as const;

const VISIBILITY: SettingsField = {
  kind: 'group',
  path: [],
  label: 'Visibility',
  fields: [
    { kind: 'switch', path: ['responsive', 'desktop'], label: 'Show on desktop' },
    { kind: 'switch', path: ['responsive', 'tablets'], label: 'Show on tablets' },
    { kind: 'switch', path: ['responsive', 'mobile'], label: 'Show on mobile' },
  ],
};

const ROW_LABEL: SettingsField = {
  kind: 'group',
  path: [],
  label: 'Layout label',
  fields: [
    { kind: 'text', path: ['labelTitle'], label: 'Label title', multiline: false },
    { kind: 'color', path: ['labelColor'], label: 'Label colour' },
  ],
};

/** Fields typed into key by key (their keystrokes group into one undo step). */
const isTyped = (field: SettingsField) => field.kind === 'text' || field.kind === 'image';

/** The groups of each kind of node's panel, generated once (the controls compare their fields by identity). */
const groupsCache = new Map<string, SettingsGroup[]>();

/** The groups of the selected node's panel, generated from its schema. */
function groupsOf(node: ReturnType<typeof findNode>): SettingsGroup[] {
  if (!node) return [];
  const key = node.kind === 'block' ? node.block.type : node.kind;
  let groups = groupsCache.get(key);
  if (!groups) {
    groups = generatedGroups(node);
    groupsCache.set(key, groups);
  }
  return groups;
}

function generatedGroups(node: NonNullable<ReturnType<typeof findNode>>): SettingsGroup[] {
  if (node.kind === 'section') return settingsGroups(LAYOUT_ITEMS.section.attributes);
  if (node.kind === 'row') {
    const groups = settingsGroups(LAYOUT_ITEMS.row.attributes);
    groups[0]?.fields.unshift(ROW_LABEL);
    return groups;
  }
  const type = node.block.type;
  const groups = settingsGroups(BLOCKS[type].attributes, {
    content: type in CONTENT_KIND ? CONTENT_KIND[type as keyof typeof CONTENT_KIND] : undefined,
  });
  groups.find((group) => group.key === 'advanced')?.fields.push(VISIBILITY);
  return groups;
}

function titleOf(node: ReturnType<typeof findNode>): string {
  if (!node) return '';
  if (node.kind === 'section') return 'Section';
  if (node.kind === 'row') return node.row.labelTitle || 'Row';
  return BLOCKS[node.block.type].title;
}

/** What a shell adds beside a selected block's "Save as asset" (the payment form's "Payment methods"). */
export type BlockActions = (block: Block) => ReactNode;

export function PropertiesPanel({ blockActions }: { blockActions?: BlockActions }) {
  const { state, dispatch, edit } = useEditor();
  const document = state.history.present;
  const selected = state.selected;
  const { texts } = useEditorServices();
  const node = typeof selected === 'number' ? findNode(document, selected) : undefined;
  const rowId = node?.kind === 'row' ? node.row.id : null;
  const onChange = useCallback<ChangeValue>(
    (path, value, field) => {
      if (field.kind === 'columns' && rowId !== null) {
        edit({ type: 'setColumnLayout', rowId, layout: value as ColumnLayout });
        return;
      }
      edit({ type: 'setNodeValue', id: selected as NodeId, path, value }, { typing: isTyped(field) });
    },
    [edit, selected, rowId],
  );
  // The node as the controls last saw it, with every unchanged part kept (the settings schema copies the
  // whole node on each edit): a control re-renders only when its own value changed.
  const shared = useRef<unknown>(undefined);
  const nodeRoot =
    node && (node.kind === 'section' ? node.section : node.kind === 'row' ? node.row : node.block);
  shared.current = replaceEqualDeep(shared.current, nodeRoot);
  const root = shared.current;

  if (selected === 'page') return <PageSettingsPanel />;
  if (!node) {
    return (
      <Center h={260}>
        <Stack align="center" gap="xs" maw={220}>
          <ThemeIcon size={44} radius="xl" variant="light" color="indigo">
            <IconClick size={22} />
          </ThemeIcon>
          <Text size="sm" fw={600}>
            Nothing selected
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            {texts.pickHint}
          </Text>
          <Button size="xs" variant="light" onClick={() => dispatch({ type: 'select', id: 'page' })}>
            {texts.editSettings}
          </Button>
        </Stack>
      </Center>
    );
  }

  return (
    <NodePanel
      key={selected}
      title={titleOf(node)}
      groups={groupsOf(node)}
      root={root}
      onChange={onChange}
      extra={
        <Group gap="xs">
          <SaveAsAssetButton id={selected as NodeId} defaultName={titleOf(node)} />
          {node.kind === 'block' && blockActions ? blockActions(node.block) : null}
        </Group>
      }
    />
  );
}

function NodePanel({
  title,
  groups,
  root,
  onChange,
  extra,
}: {
  title: string;
  groups: SettingsGroup[];
  root: unknown;
  onChange: ChangeValue;
  extra?: ReactNode;
}) {
  const { state } = useEditor();
  return (
    <Stack gap="sm">
      <Text fw={650} size="sm" data-testid="properties-title">
        {title}
      </Text>
      {extra}
      <SettingsTabs groups={groups} root={root} view={state.view} onChange={onChange} />
    </Stack>
  );
}

/** The panel's tabs of controls: re-rendered only when the node, the view or the handler changed. */
const SettingsTabs = memo(function SettingsTabs({
  groups,
  root,
  view,
  onChange,
}: {
  groups: SettingsGroup[];
  root: unknown;
  view: ViewMode;
  onChange: ChangeValue;
}) {
  return (
    <Tabs defaultValue={groups[0]?.key} variant="pills" radius="md">
      <Tabs.List grow mb="sm">
        {groups.map((group) => (
          <Tabs.Tab key={group.key} value={group.key} size="xs" fz="xs">
            {group.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {groups.map((group) => (
        <Tabs.Panel key={group.key} value={group.key}>
          <Stack gap={10}>
            {group.fields.map((field) => (
              <SettingsControl
                key={field.path.join('.') || field.label}
                field={field}
                root={root}
                base={NO_BASE}
                view={view}
                onChange={onChange}
              />
            ))}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
});

const NO_BASE: ValuePath = [];

/**
 * "Email default width 650, maximum 1200": the e-mail's width in px. Only a width the document accepts
 * (480 to 1200, whole pixels) reaches it; while typing, anything else is shown with what is allowed.
 */
function EmailWidthInput({ value, onChange }: { value: number; onChange: (width: number) => void }) {
  const [draft, setDraft] = useState<string | number>(value);
  useEffect(() => setDraft(value), [value]);
  const valid = (width: string | number): width is number =>
    typeof width === 'number' &&
    Number.isInteger(width) &&
    width >= EMAIL_WIDTH.min &&
    width <= EMAIL_WIDTH.max;
  return (
    <NumberInput
      size="xs"
      label="E-mail width"
      description={`Default ${EMAIL_WIDTH.default}, maximum ${EMAIL_WIDTH.max} px`}
      value={draft}
      min={EMAIL_WIDTH.min}
      max={EMAIL_WIDTH.max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      suffix=" px"
      error={valid(draft) ? null : `From ${EMAIL_WIDTH.min} to ${EMAIL_WIDTH.max} px`}
      onChange={(next) => {
        setDraft(next);
        if (valid(next)) onChange(next);
      }}
    />
  );
}

/** Page settings (spec §3.1): background, padding, font, border, id, classes, direction. */
export function PageSettingsPanel() {
  const { state, edit } = useEditor();
  const document = state.history.present;
  const { texts } = useEditorServices();
  const fields = useMemo(() => pageSettingsFields(pageSettingsSchema), []);
  const onChange = useCallback(
    (path: ValuePath, value: unknown, field?: SettingsField) =>
      edit(
        { type: 'setNodeValue', id: 'page', path, value },
        { typing: field !== undefined && isTyped(field) },
      ),
    [edit],
  );
  const shared = useRef<unknown>(undefined);
  shared.current = replaceEqualDeep(shared.current, document.settings);
  const root = shared.current;
  return (
    <Stack gap={10}>
      <Text fw={650} size="sm" data-testid="properties-title">
        {texts.settingsTitle}
      </Text>
      {document.kind === 'email' && (
        <EmailWidthInput
          value={document.settings.width ?? EMAIL_WIDTH.default}
          onChange={(width) => onChange(['width'], width)}
        />
      )}
      {fields.map((field) => (
        <SettingsControl
          key={field.path.join('.')}
          field={field}
          root={root}
          base={NO_BASE}
          view={state.view}
          onChange={onChange}
        />
      ))}
    </Stack>
  );
}
