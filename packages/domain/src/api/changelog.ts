import { changelogAnswerSchema, chatWidgetAnswerSchema } from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const changelogEndpoints = {
  getChangelog: {
    method: 'GET',
    path: '/api/changelog',
    answer: changelogAnswerSchema,
    summary: 'What changed in Funnelwork',
    tag: 'system',
  },
  getChatWidget: {
    method: 'GET',
    path: '/api/chat-widget',
    answer: chatWidgetAnswerSchema,
    summary: 'The chat-support widget’s script, if the installation has one',
    tag: 'system',
  },
} as const satisfies EndpointTable;
