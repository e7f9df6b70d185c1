/** 使用位置: how many places use a file, and on click which (files/file-usage.ts on the server). */
import type { FileUsage } from '@yuexun/contract';
import { Button, List, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { type MessageId, useIntl } from '../../../locales/intl';
import { listFileUsages } from '../../../services/file-admin';

export function FileUsages({ fileUuid, count }: { fileUuid: string; count: number }) {
  const { t } = useIntl();
  const [places, setPlaces] = useState<FileUsage[] | null>(null);
  const [failed, setFailed] = useState('');
  if (count === 0) return <Typography.Text type="secondary">{t('files.usage.none')}</Typography.Text>;
  const load = (open: boolean) => {
    if (!open || places) return;
    listFileUsages(fileUuid).then(setPlaces, (error: unknown) => setFailed(String(error)));
  };
  const label = (place: FileUsage) =>
    t(`files.usage.kind.${place.kind}` as MessageId, {
      title: place.title,
      id: place.id,
      of: t(place.title === 'product' ? 'files.usage.ofProduct' : 'files.usage.ofArticle'),
    });
  const content = places ? (
    <List
      size="small"
      style={{ maxWidth: 360, maxHeight: 320, overflow: 'auto' }}
      dataSource={places}
      renderItem={(place) => <List.Item>{label(place)}</List.Item>}
      footer={count > places.length ? t('files.usage.more', { n: count }) : undefined}
    />
  ) : failed ? (
    <Typography.Text type="danger">{failed}</Typography.Text>
  ) : (
    <Spin size="small" />
  );
  return (
    <Popover trigger="click" title={t('files.usage.title')} content={content} onOpenChange={load}>
      <Button type="link" size="small" style={{ paddingInline: 0 }}>
        {t('files.usage.count', { n: count })}
      </Button>
    </Popover>
  );
}
