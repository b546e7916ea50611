import { Button, Group, Text } from '@mantine/core';
import { formatDate } from '../../../shared/format.ts';
import { AppModal } from '../../../shared/popups.tsx';
import { useCancelSubscription } from '../api.ts';

export function CancelSubscriptionPopup({
  opened,
  endsOn,
  onClose,
}: {
  opened: boolean;
  endsOn: string | null;
  onClose: () => void;
}) {
  const cancel = useCancelSubscription();
  return (
    <AppModal opened={opened} onClose={onClose} title="Cancel your subscription?">
      <Text size="sm">
        {endsOn
          ? `Your plan will not renew. You keep it until ${formatDate(endsOn)}; after that the dashboard turns read-only.`
          : 'Your plan will not renew.'}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Keep my plan
        </Button>
        <Button
          color="red"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(undefined, { onSuccess: onClose })}
        >
          Cancel subscription
        </Button>
      </Group>
    </AppModal>
  );
}
