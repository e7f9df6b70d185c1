import { Fragment, type ReactNode } from 'react';
import { type MessageId, useIntl } from './intl';

/**
 * A message whose placeholders are elements (a coloured word, a link) rather than text, so the
 * sentence, its punctuation and word order stay in the locale file ("当前密码强度：{strength}").
 */
export const RichMessage = ({ id, values }: { id: MessageId; values: Record<string, ReactNode> }) => {
  const { t } = useIntl();
  const parts = t(id).split(/\{(\w+)\}/);
  return (
    <>
      {parts.map((part, i) =>
        // split() with a group puts the placeholder names at the odd indexes.
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never move
        i % 2 === 1 ? <Fragment key={i}>{values[part] ?? part}</Fragment> : part,
      )}
    </>
  );
};
