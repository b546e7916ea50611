import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { InfoMessage } from '../../../../shared/info-message.tsx';
import { useCompleteAppConnect } from '../../api.ts';

/**
 * /apps/{id}/connect-redirect: where the OAuth service sends the browser back with `code` and `state`
 * (or `error`); hands them to the server once, which checks the state and exchanges the code with PKCE.
 */
export function AppConnectRedirectScreen() {
  const key = useParams().id ?? '';
  const [query] = useSearchParams();
  const complete = useCompleteAppConnect(key);
  const sent = useRef(false);
  const state = query.get('state');

  useEffect(() => {
    if (sent.current || !state) return;
    sent.current = true;
    complete.mutate({
      state,
      ...(query.get('code') ? { code: query.get('code') as string } : {}),
      ...(query.get('error') ? { error: query.get('error') as string } : {}),
    });
  }, [state, query, complete]);

  const back = { to: `/apps/${key}`, label: 'Back to the app' };
  if (!state)
    return <ErrorBox message="The connection came back without its state; connect again." back={back} />;
  if (complete.isError) return <ErrorBox message={complete.error.message} back={back} />;
  if (complete.isSuccess) {
    return (
      <Stack maw={640} mx="auto">
        <InfoMessage>Connected. The app can now send to your account.</InfoMessage>
        <Button component={Link} to={`/apps/${key}`} w="fit-content">
          Back to the app
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" mt="xl">
      <Loader />
      <Text>Finishing the connection…</Text>
    </Stack>
  );
}
