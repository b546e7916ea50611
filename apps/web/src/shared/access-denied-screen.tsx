import { ACCESS_DENIED_NOTICE } from '@funnelwork/domain/rules';
import { Box, Center } from '@mantine/core';
import { ErrorBox } from './error-box.tsx';

/**
 * An editor opened by its address by a member whose role lacks the permission it needs: the spec's
 * restricted-area words ('Access denied!') and what to do, instead of an editor whose saves all fail.
 */
export function AccessDeniedScreen({
  permission,
  back,
}: {
  permission: string;
  back: { to: string; label: string };
}) {
  return (
    <Center h="100vh" p="xl">
      <Box maw={520} w="100%">
        <ErrorBox
          title={ACCESS_DENIED_NOTICE}
          message={`Your role on this account does not include the ${permission} permission. Ask the account owner to add it.`}
          back={back}
        />
      </Box>
    </Center>
  );
}
