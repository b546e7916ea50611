import { z } from 'zod';
import { dataAnswer } from '../shared/envelope.ts';

/** `GET changelog`: the project's CHANGELOG.md as entries, newest first. */
export const changelogAnswerSchema = dataAnswer(
  z.array(z.object({ date: z.string(), changes: z.array(z.string()) })),
);
export type ChangelogAnswer = z.infer<typeof changelogAnswerSchema>['data'];

/** `GET chat-widget`: the chat-support provider's script the operator configured, or null for none. */
export const chatWidgetAnswerSchema = dataAnswer(z.object({ script_url: z.string().nullable() }));
export type ChatWidgetAnswer = z.infer<typeof chatWidgetAnswerSchema>['data'];
