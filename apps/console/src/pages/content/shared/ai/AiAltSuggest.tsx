/**
 * AI 助手 in the picture picker's alt prompt (decision 055): the article and product editors put AltSuggestFor
 * around themselves, so a picture chosen or uploaded in their picker can have its alt text suggested from the
 * picture itself (the model reads it where settings allow, else its name). The suggestion streams into the field;
 * nothing is saved until staff press 保存并使用. A fault (not configured, budget, a bad answer) shows its message.
 */
import BulbOutlined from '@ant-design/icons/BulbOutlined';
import type { AiTarget } from '@yuexun/contract';
import { Button, Typography } from 'antd';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { type AltSuggestProps, AltSuggestSlot } from '../../../../components/LibraryAltPrompt';
import { useIntl } from '../../../../locales/intl';
import { useAiSuggestion } from './useAiSuggestion';

function AiAltSuggest({ target, file, onText }: AltSuggestProps & { target: AiTarget }) {
  const { t } = useIntl();
  const { run, ask, stop } = useAiSuggestion();
  const text = run?.text ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field follows the suggestion's text only
  useEffect(() => {
    if (text) onText(text);
  }, [text]);
  const streaming = run?.state === 'streaming';
  return (
    <>
      <Button
        icon={<BulbOutlined />}
        onClick={() =>
          streaming
            ? stop()
            : ask({ target, task: 'alt', fileUuid: file.fileUuid, fileName: file.fileName }, file.fileUuid)
        }
      >
        {streaming ? t('aiHelp.stop') : t('library.suggestAlt')}
      </Button>
      {run?.state === 'error' && (
        <Typography.Text type="danger" role="alert">
          {run.message}
        </Typography.Text>
      )}
    </>
  );
}

const BY_TARGET: Record<AiTarget, ComponentType<AltSuggestProps>> = {
  article: (props) => <AiAltSuggest target="article" {...props} />,
  product: (props) => <AiAltSuggest target="product" {...props} />,
};

/** Offers AI 助手's alt suggestion in every picture picker opened inside `children`. */
export function AltSuggestFor({ target, children }: { target: AiTarget; children: ReactNode }) {
  return <AltSuggestSlot.Provider value={BY_TARGET[target]}>{children}</AltSuggestSlot.Provider>;
}
