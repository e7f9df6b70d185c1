/**
 * The rich-text editor, loaded only when a page shows it. Form.Item hands value and onChange to its
 * direct child, so the lazy boundary sits inside this component rather than around it.
 */
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function LazyRichText(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
