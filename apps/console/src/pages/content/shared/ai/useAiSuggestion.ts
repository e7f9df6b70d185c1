/** One suggestion at a time: streams it, keeps the text so far, and can be stopped; a new ask stops the old one. */
import type { AiSuggestInput, AiTask } from '@yuexun/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { streamSuggestion } from '../../../../services/ai-help';

export interface AiRun {
  task: AiTask;
  /** What the request was about (the paragraph of a polish, the picture of an alt text). */
  about: string | number | null;
  state: 'streaming' | 'done' | 'error' | 'stopped';
  text: string;
  message: string;
}

export const useAiSuggestion = () => {
  const [run, setRun] = useState<AiRun | null>(null);
  const current = useRef<AbortController | null>(null);

  const stop = useCallback(() => current.current?.abort(), []);
  useEffect(() => stop, [stop]);

  const ask = useCallback(
    async (input: Omit<AiSuggestInput, 'siteId'> & { task: AiTask }, about: AiRun['about'] = null) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const mine = () => current.current === controller;
      setRun({ task: input.task, about, state: 'streaming', text: '', message: '' });
      const outcome = await streamSuggestion(
        input,
        (text) => mine() && setRun((r) => (r ? { ...r, text } : r)),
        controller.signal,
      );
      if (!mine()) return;
      setRun({
        task: input.task,
        about,
        state: outcome.state,
        text: outcome.text,
        message: outcome.state === 'error' ? outcome.message : '',
      });
    },
    [],
  );

  return { run, ask, stop, clear: () => setRun(null) };
};
