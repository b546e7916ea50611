import type { changelogEndpoints } from '@funnelwork/domain/api/changelog';
import { useQuery } from '@tanstack/react-query';
import { addressOf, callOrThrow } from '../../shared/api-client.ts';

// By address: the header and main layout load these, and the table's schemas are zod.
const getChangelog = addressOf<typeof changelogEndpoints.getChangelog>('GET', '/api/changelog');
const getChatWidget = addressOf<typeof changelogEndpoints.getChatWidget>('GET', '/api/chat-widget');

export const helpKeys = {
  changelog: ['changelog'] as const,
  chatWidget: ['chat-widget'] as const,
};

/** The project's CHANGELOG.md as entries, newest first (it changes only with a release). */
export function useChangelog() {
  return useQuery({
    queryKey: helpKeys.changelog,
    queryFn: () => callOrThrow(getChangelog),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The chat-support provider's script the operator configured, or null. */
export function useChatWidget() {
  return useQuery({
    queryKey: helpKeys.chatWidget,
    queryFn: () => callOrThrow(getChatWidget),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
