import { mailboxEndpoints } from '@funnelwork/domain/api/mailbox';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../shared/api-client.ts';

/** Reset codes arrive a moment after they are asked for: the list refreshes on its own. */
const MAILBOX_REFRESH_MS = 10_000;

export const mailboxKeys = { all: ['mailbox'] as const };

export function useMailbox() {
  return useQuery({
    queryKey: mailboxKeys.all,
    queryFn: () => callOrThrow(mailboxEndpoints.getMailbox),
    refetchInterval: MAILBOX_REFRESH_MS,
    staleTime: 0,
  });
}

/** One message with its HTML part, fetched when it is opened. */
export function useMailMessage(id: number | null) {
  return useQuery({
    queryKey: [...mailboxKeys.all, id],
    queryFn: () => callOrThrow(mailboxEndpoints.getMailboxById, { params: { id } }),
    enabled: id !== null,
  });
}
