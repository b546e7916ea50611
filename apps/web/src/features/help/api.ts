import type { ChangelogAnswer, ChatWidgetAnswer } from '@funnelwork/domain';
import { useQuery } from '@tanstack/react-query';
import { apiOrThrow } from '../../shared/api-client.ts';

export const helpKeys = {
  changelog: ['changelog'] as const,
  chatWidget: ['chat-widget'] as const,
};

/** The project's CHANGELOG.md as entries, newest first (it changes only with a release). */
export function useChangelog() {
  return useQuery({
    queryKey: helpKeys.changelog,
    queryFn: () => apiOrThrow<ChangelogAnswer>('GET', 'changelog'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The chat-support provider's script the operator configured, or null. */
export function useChatWidget() {
  return useQuery({
    queryKey: helpKeys.chatWidget,
    queryFn: () => apiOrThrow<ChatWidgetAnswer>('GET', 'chat-widget'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
