import { isTestRecipient, SEND_TEST_CLOSE_MS, TEST_RECIPIENT_INVALID } from '@funnelwork/domain';
import { Button, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { ToolbarButton, useEditor } from '../../editor/index.ts';
import { useSendTestEmail } from '../api.ts';

type Step = 'closed' | 'confirm' | 'recipient' | 'sent';

/**
 * The header's Send test email with its popups: 'Save changes?' first when there are unsaved changes
 * (the test sends the saved version), then "Send-test popup: step 1 enter the recipient, step 2 success
 * message, auto-closes after 1.5 s".
 */
export function SendTestEmail({ templateId }: { templateId: number | null }) {
  const { dirty, saveNow } = useEditor();
  const [step, setStep] = useState<Step>('closed');
  const [recipient, setRecipient] = useState('');
  const [failed, setFailed] = useState(false);
  const send = useSendTestEmail();

  useEffect(() => {
    if (step !== 'sent') return;
    const timer = window.setTimeout(() => setStep('closed'), SEND_TEST_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [step]);

  const open = () => {
    send.reset();
    setFailed(false);
    setStep(dirty || templateId === null ? 'confirm' : 'recipient');
  };
  const close = () => setStep('closed');
  const valid = isTestRecipient(recipient);

  return (
    <>
      <ToolbarButton label="Send test email" icon={<IconSend size={16} />} onClick={open} />
      <AppModal opened={step === 'confirm'} onClose={close} title="Save changes?">
        <Stack>
          <Text size="sm">
            {templateId === null
              ? 'Save the e-mail before sending a test of it.'
              : 'You have unsaved changes in this e-mail. The test sends the saved version.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => (templateId === null ? close() : setStep('recipient'))}>
              Ignore changes
            </Button>
            <Button
              onClick={async () => {
                // A new template's first save moves the editor to its id; the test is sent from there.
                if ((await saveNow()) && templateId !== null) setStep('recipient');
                else close();
              }}
            >
              Save changes
            </Button>
          </Group>
        </Stack>
      </AppModal>
      <AppModal opened={step === 'recipient' || step === 'sent'} onClose={close} title="Send a test email">
        {step === 'sent' ? (
          <Stack align="center" gap="xs" py="md" data-testid="send-test-success">
            <ThemeIcon size={48} radius="xl" color="teal" variant="light">
              <IconCircleCheck size={28} />
            </ThemeIcon>
            <Text fw={600}>The test email was sent</Text>
            <Text size="sm" c="dimmed">
              Check the inbox of {recipient.trim()}.
            </Text>
          </Stack>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!valid || templateId === null) return;
              setFailed(false);
              send.mutate(
                { recipient: recipient.trim(), templateId },
                {
                  // "a false success sets the error flag with no message".
                  onSuccess: (answer) => (answer.success ? setStep('sent') : setFailed(true)),
                },
              );
            }}
          >
            <Stack>
              <TextInput
                label="Recipient"
                placeholder={TEST_RECIPIENT_INVALID}
                type="email"
                value={recipient}
                onChange={(event) => {
                  setRecipient(event.currentTarget.value);
                  setFailed(false);
                }}
                error={failed || send.error?.message || undefined}
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!valid} loading={send.isPending}>
                  Send email
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </AppModal>
    </>
  );
}
