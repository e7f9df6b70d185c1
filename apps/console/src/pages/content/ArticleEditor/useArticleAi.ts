/** AI 助手 in the article editor: what the panel reads from the form and how an accepted suggestion is applied. */
import { AI_TASKS, ARTICLE_TAGS_MAX } from '@yuexun/contract';
import type { FormInstance } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { AiEditorApi } from '../shared/ai/AiPanel';
import type { Values } from './form-values';

/** The longest tag the editor takes (contract: labelList('标签', …, 20)). */
const TAG_MAX_LENGTH = 20;

export const useArticleAi = (form: FormInstance<Values>, changed: () => void) => {
  const [open, setOpen] = useState(false);
  const changedRef = useRef(changed);
  changedRef.current = changed;
  const api = useMemo<AiEditorApi>(() => {
    const set = (values: Partial<Values>) => {
      form.setFieldsValue(values);
      changedRef.current();
    };
    return {
      target: 'article',
      tasks: AI_TASKS,
      read: () => ({
        title: (form.getFieldValue('title') as string | undefined) ?? '',
        html: (form.getFieldValue('bodyHtml') as string | undefined) ?? '',
      }),
      setTitle: (title) => set({ title }),
      setSummary: (summary) => set({ summary }),
      setBody: (bodyHtml) => set({ bodyHtml }),
      setDescription: (seoDescription) => set({ seoDescription }),
      setKeywords: (keywords) => {
        const tags = (form.getFieldValue('tags') as string[] | undefined) ?? [];
        const fresh = keywords.filter((k) => [...k].length <= TAG_MAX_LENGTH && !tags.includes(k));
        set({ tags: [...tags, ...fresh].slice(0, ARTICLE_TAGS_MAX) });
      },
    };
  }, [form]);
  return { api, open, show: () => setOpen(true), hide: () => setOpen(false) };
};
