/**
 * The alt text a picture without one is asked for before it goes into content (从素材库选择). An editor with
 * AI 助手 (the article and product editors) puts its suggestion button in AltSuggestSlot: the suggestion is
 * written into the field as it streams, for staff to check and edit before saving.
 */
import { type AdminFile, PICTURE_ALT_MAX } from '@yuexun/contract';
import { Button, Input, Space, Typography } from 'antd';
import { type ComponentType, createContext, useContext, useState } from 'react';
import { useIntl } from '../locales/intl';

export interface AltSuggestProps {
  file: AdminFile;
  /** The suggestion so far (it grows as it streams). */
  onText: (text: string) => void;
}

/** Filled by an editor that offers AI 助手; empty elsewhere (banners, site settings): no suggestion button. */
export const AltSuggestSlot = createContext<ComponentType<AltSuggestProps> | null>(null);

export function LibraryAltPrompt({
  file,
  saving,
  onSave,
}: {
  file: AdminFile;
  saving: boolean;
  onSave: (alt: string) => void;
}) {
  const { t } = useIntl();
  const Suggest = useContext(AltSuggestSlot);
  const [alt, setAlt] = useState('');
  const save = () => {
    if (alt.trim()) onSave(alt.trim());
  };
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }} data-testid="library-alt">
      <Typography.Text>{t('library.altNeeded', { name: file.fileName })}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('files.picture.altText')}
          value={alt}
          maxLength={PICTURE_ALT_MAX}
          onChange={(e) => setAlt(e.target.value)}
          onPressEnter={save}
        />
        <Button type="primary" loading={saving} disabled={!alt.trim()} onClick={save}>
          {t('library.useWithAlt')}
        </Button>
      </Space.Compact>
      {Suggest && (
        <Suggest file={file} onText={(text) => setAlt([...text].slice(0, PICTURE_ALT_MAX).join(''))} />
      )}
    </Space>
  );
}
