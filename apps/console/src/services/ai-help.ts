/**
 * AI 助手 calls (contract: packages/contract/src/ai-help.ts): the settings, this month's use, and the editors'
 * streamed suggestion. The stream is read with fetch (the request client wants whole JSON answers): each event
 * is the answer so far; a refusal before the stream is the envelope, shown as its message in the panel.
 */
import {
  type AiStreamEvent,
  type AiSuggestInput,
  aiMessages,
  aiStreamEvent,
  aiSuggestStream,
  inquireAiSettingsAdmin,
  inquireAiUsageAdmin,
  SITE_ID,
  updateAiSettingsAdmin,
} from '@yuexun/contract';
import type { ActionArgs } from '@yuexun/request';
import { call, callOne, JSON_BODY } from './client';

export const loadAiSettings = async () => callOne(inquireAiSettingsAdmin);
export const saveAiSettings = async (input: ActionArgs<typeof updateAiSettingsAdmin>) =>
  callOne(updateAiSettingsAdmin, input, JSON_BODY);
export const listAiUsage = async () => (await call(inquireAiUsageAdmin, {})).datas;

export type AiOutcome =
  | { state: 'done'; text: string }
  | { state: 'error'; message: string; text: string }
  | { state: 'stopped'; text: string };

const eventOf = (block: string): AiStreamEvent | null => {
  const data = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())
    .join('');
  if (!data) return null;
  try {
    const parsed = aiStreamEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** Streams one suggestion; `onText` gets the answer so far. Never throws: a fault is the outcome's message. */
export const streamSuggestion = async (
  input: Omit<AiSuggestInput, 'siteId'>,
  onText: (text: string) => void,
  signal: AbortSignal,
): Promise<AiOutcome> => {
  let text = '';
  try {
    const res = await fetch(aiSuggestStream.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ siteId: SITE_ID, ...input }),
      signal,
    });
    if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      const envelope = (await res.json().catch(() => null)) as { errorMessage?: string } | null;
      return { state: 'error', message: envelope?.errorMessage || aiMessages.unreachable, text };
    }
    const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (!reader) return { state: 'error', message: aiMessages.garbage, text };
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const event = eventOf(block);
        if (!event) continue;
        text = event.text;
        if (event.type === 'text') onText(text);
        if (event.type === 'done') return { state: 'done', text };
        if (event.type === 'error') return { state: 'error', message: event.message, text };
      }
    }
    return { state: 'error', message: aiMessages.cut, text };
  } catch {
    if (signal.aborted) return { state: 'stopped', text };
    return { state: 'error', message: text ? aiMessages.cut : aiMessages.unreachable, text };
  }
};
