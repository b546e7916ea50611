import { GATEWAYS } from '@funnelwork/domain/orders/gateways';
import { Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { useEditor } from '../../editor/index.ts';

/** Gateways a checkout can offer (the orders spec's catalogue, without the deprecated ones). */
const OFFERED = GATEWAYS.filter((gateway) => !gateway.deprecated);

type PaymentMethodsProps = {
  opened: boolean;
  chosen: readonly number[];
  onClose: () => void;
  onApply: (ids: number[]) => void;
};

/**
 * The payment-methods popup (spec §2.10): which gateways this page's payment form offers. Nothing ticked
 * means every gateway the account has connected. The Modal mounts its body on each opening, so the
 * ticks start from the page's choice then and no re-render resets them while it is open.
 */
function PaymentMethodsPopup({ opened, onClose, ...body }: PaymentMethodsProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Payment methods" size="md">
      <PaymentMethodsBody onClose={onClose} {...body} />
    </AppModal>
  );
}

function PaymentMethodsBody({ chosen, onClose, onApply }: Omit<PaymentMethodsProps, 'opened'>) {
  const [draft, setDraft] = useState(() => chosen.map(String));
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        Choose the payment methods this page offers. With none chosen, the page offers every gateway your
        account has connected.
      </Text>
      <Checkbox.Group value={draft} onChange={setDraft}>
        <Stack gap={8}>
          {OFFERED.map((gateway) => (
            <Checkbox
              key={gateway.id}
              value={String(gateway.id)}
              label={
                <Group gap={6}>
                  <span>{gateway.name}</span>
                  {gateway.refundable && (
                    <Badge size="xs" variant="light" color="gray">
                      refunds
                    </Badge>
                  )}
                </Group>
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            onApply(draft.map(Number));
            onClose();
          }}
        >
          Save methods
        </Button>
      </Group>
    </>
  );
}

/** The payment form's "Payment methods" button, beside its properties. */
export function PaymentMethodsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="xs" variant="light" leftSection={<IconCreditCard size={14} />} onClick={onClick}>
      Payment methods
    </Button>
  );
}

/** The payment-methods popup of the page being edited: its choice is a page setting, one undo step. */
export function PagePaymentMethodsPopup({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { state, edit } = useEditor();
  return (
    <PaymentMethodsPopup
      opened={opened}
      chosen={state.history.present.settings.paymentMethods ?? []}
      onClose={onClose}
      onApply={(ids) => edit({ type: 'setNodeValue', id: 'page', path: ['paymentMethods'], value: ids })}
    />
  );
}
