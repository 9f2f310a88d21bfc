// The chat widget's data (spec §7): conversations of a document (or the case's general ones) and their
// messages, read only while the widget is open; a message creates the conversation first when there is
// none yet, so every conversation holds at least one message.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_CHAT_TITLE,
  GENERAL_CHAT_TITLE,
  type ChatConversation,
  type ChatFeedback,
  type ChatMessage,
  type SendMessageResponse,
} from '../../contract/chat.ts';
import { apiRequest } from './api.ts';

export const CHAT_FEEDBACK_KEY = ['/api/chat/feedback'] as const;

export function conversationsUrl(about: { caseId: string; documentId: string | null }): string {
  return about.documentId
    ? `/api/chat/conversations?documentId=${encodeURIComponent(about.documentId)}`
    : `/api/chat/conversations?caseId=${encodeURIComponent(about.caseId)}`;
}

const messagesUrl = (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}/messages`;

/** The latest conversation about the document (or the case in general), while `enabled`. */
export function useConversation(about: { caseId: string; documentId: string | null }, enabled: boolean) {
  const list = useQuery<ChatConversation[]>({ queryKey: [conversationsUrl(about)], enabled, staleTime: 0 });
  return { conversation: list.data?.[0] ?? null, loading: list.isLoading && enabled };
}

export function useMessages(conversationId: string | null) {
  return useQuery<ChatMessage[]>({ queryKey: [messagesUrl(conversationId ?? '')], enabled: Boolean(conversationId), staleTime: 0 });
}

/** Sends a message (creating the conversation when there is none) and puts both messages in the cache. */
export function useSendMessage(about: { caseId: string; documentId: string | null }) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async ({ conversationId, message }: { conversationId: string | null; message: string }) => {
      let id = conversationId;
      if (!id) {
        const created = await apiRequest<ChatConversation>('POST', '/api/chat/conversations', {
          documentId: about.documentId,
          caseId: about.caseId,
          title: about.documentId ? DOCUMENT_CHAT_TITLE : GENERAL_CHAT_TITLE,
        });
        id = created.id;
        queryClient.setQueryData<ChatConversation[]>([conversationsUrl(about)], (old) => [created, ...(old ?? [])]);
      }
      const res = await apiRequest<SendMessageResponse>('POST', messagesUrl(id), { message });
      return { id, res };
    },
    onSuccess: async ({ id, res }) => {
      // A new conversation's list is fetched as soon as the conversation is known, and that fetch may
      // still be on its way, read before the reply was stored: it is cancelled so that it cannot put back
      // a list without the reply. (A list fetched meanwhile may hold these two: each message once, by id.)
      await queryClient.cancelQueries({ queryKey: [messagesUrl(id)] });
      queryClient.setQueryData<ChatMessage[]>([messagesUrl(id)], (old) => [
        ...(old ?? []).filter((m) => m.id !== res.message.id && m.id !== res.reply.id),
        res.message,
        res.reply,
      ]);
      void queryClient.invalidateQueries({ queryKey: CHAT_FEEDBACK_KEY });
    },
  });
}

export function useChatFeedback(autoRefresh: boolean) {
  return useQuery<ChatFeedback[]>({
    queryKey: CHAT_FEEDBACK_KEY,
    refetchInterval: autoRefresh ? 10_000 : false,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
