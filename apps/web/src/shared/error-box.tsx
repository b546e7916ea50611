import { ACCESS_DENIED_NOTICE, isAccessDeniedMessage } from '@funnelwork/domain/rules';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';

export const ERROR_BOX_TITLE = 'Something went wrong on this page';
export const ERROR_BOX_MESSAGE = 'Please try again later';

type ErrorBoxProps = {
  title?: string;
  message?: string;
  /** An optional link back, e.g. to the list the page belongs to. */
  back?: { to: string; label: string };
  onClose?: () => void;
};

/** The reusable error box: 'Something went wrong on this page' / 'Please try again later' by default. */
export function ErrorBox({
  title = ERROR_BOX_TITLE,
  message = ERROR_BOX_MESSAGE,
  back,
  onClose,
}: ErrorBoxProps) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      title={title}
      icon={<IconAlertTriangle size={20} />}
      withCloseButton={!!onClose}
      onClose={onClose}
      role="alert"
    >
      <Stack gap="sm">
        <Text size="sm">{isAccessDeniedMessage(message) ? ACCESS_DENIED_NOTICE : message}</Text>
        {back && (
          <Group>
            <Button component={Link} to={back.to} size="xs" variant="white" color="red">
              {back.label}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
