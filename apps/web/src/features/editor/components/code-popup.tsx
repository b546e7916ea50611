import { Button, Group, Tabs, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import type { DocumentCode } from '../state/editor-state.ts';

const TABS: readonly { key: keyof DocumentCode; label: string; hint: string }[] = [
  { key: 'css', label: 'Custom CSS', hint: "Styles added after the {noun}'s own." },
  { key: 'html', label: 'Custom HTML', hint: 'Markup added at the end of the page body.' },
  {
    key: 'head_js',
    label: 'Head script',
    hint: 'Runs in the page head on the published page (not in the editor or preview).',
  },
  {
    key: 'body_js',
    label: 'Body script',
    hint: 'Runs at the end of the body on the published page (not in the editor or preview).',
  },
];

type CodePopupProps = {
  opened: boolean;
  code: DocumentCode;
  title: string;
  /** The parts of the code the document has (an e-mail: custom CSS only). */
  tabs: readonly (keyof DocumentCode)[];
  /** The document's name in the hints ("page", "e-mail"). */
  noun: string;
  onClose: () => void;
  onApply: (code: DocumentCode) => void;
};

/**
 * The code popup (spec §2.10): custom CSS, custom HTML, head script, body script, saved with the page.
 * The Modal mounts its body on each opening, so the draft starts from the document's code then and
 * nothing the editor re-renders while it is open resets what is typed.
 */
export function CodePopup({ opened, title, onClose, ...body }: CodePopupProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="xl">
      <CodeBody onClose={onClose} {...body} />
    </AppModal>
  );
}

function CodeBody({ code, tabs: shown, noun, onClose, onApply }: Omit<CodePopupProps, 'opened' | 'title'>) {
  const tabs = TABS.filter((tab) => shown.includes(tab.key));
  const [draft, setDraft] = useState(code);
  return (
    <>
      <Tabs defaultValue="css">
        <Tabs.List mb="sm">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.key} value={tab.key}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.key} value={tab.key}>
            <Text size="xs" c="dimmed" mb={6}>
              {tab.hint.replace('{noun}', noun)}
            </Text>
            <Textarea
              aria-label={tab.label}
              value={draft[tab.key]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((current) => ({ ...current, [tab.key]: value }));
              }}
              autosize
              minRows={14}
              maxRows={22}
              spellCheck={false}
              styles={{
                input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 },
              }}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          Apply
        </Button>
      </Group>
    </>
  );
}
