/**
 * The history of an article or product: every save with who, when and which fields; one chosen
 * revision shown as a word diff against the one before it; restore (itself a new revision).
 */
import { fenToYuan, type RevisionDetail, type RevisionSummary, type RevisionTarget } from '@yuexun/contract';
import { App, Button, Card, Drawer, Empty, Grid, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { TimeText } from '../../../components/time/TimeText';
import { showTime } from '../../../components/time/time';
import { type MessageId, useIntl } from '../../../locales/intl';
import { getRevision, listRevisions, restoreRevision } from '../../../services/history';
import { DiffView } from './DiffView';

/** Fields shown in a diff, in reading order; money as yuan. */
const SHOWN = [
  'title',
  'name',
  'summary',
  'bodyHtml',
  'detailHtml',
  'priceFen',
  'priceUnit',
  'tags',
  'author',
  'source',
  'seoTitle',
  'seoDescription',
  'status',
  'publishTime',
  'coverFileUuid',
  'galleryFileUuids',
  'specs',
  'tagIds',
  'categoryId',
  'sort',
];

export function RevisionHistory({
  targetType,
  targetId,
  version,
  onClose,
  onRestored,
}: {
  targetType: RevisionTarget;
  targetId: number;
  /** The version the page holds: a restore from an older one is refused with 409. */
  version: number;
  onClose: () => void;
  onRestored: () => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const canRestore = useInitialState().access.canEditArticles === true;
  const narrow = !Grid.useBreakpoint().md;
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [chosen, setChosen] = useState<RevisionDetail | null>(null);

  const fieldName = (f: string) => t(`field.${f}` as MessageId);
  /** Money as yuan, statuses by their labels, times in Beijing time. */
  const shown = (field: string, value: unknown) => {
    if (field === 'priceFen' && typeof value === 'number') return `¥${fenToYuan(value)}`;
    if (field === 'status' && typeof value === 'string')
      return t(
        (targetType === 'product' ? `products.status.${value}` : `content.status.${value}`) as MessageId,
      );
    if (field === 'publishTime' && typeof value === 'string') return showTime(value);
    return value;
  };
  const choose = async (id: number) => setChosen(await getRevision(targetType, targetId, id));

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per opened record
  useEffect(() => {
    listRevisions(targetType, targetId).then((list) => {
      setRevisions(list);
      if (list[0]) void choose(list[0].id);
    });
  }, [targetType, targetId]);

  const restore = async (r: RevisionDetail) => {
    await restoreRevision(targetType, targetId, r.id, version);
    message.success(t('history.restored', { n: r.version }));
    onRestored();
  };

  const changedFields = chosen ? SHOWN.filter((f) => chosen.changed.includes(f)) : [];

  return (
    <Drawer open title={t('history.title')} onClose={onClose} width={narrow ? '100%' : 960} destroyOnHidden>
      {revisions?.length === 0 && <Empty description={t('history.empty')} />}
      <div style={{ display: 'flex', flexDirection: narrow ? 'column' : 'row', gap: 16 }}>
        <List
          style={{ flex: narrow ? undefined : '0 0 300px' }}
          loading={revisions === null}
          dataSource={revisions ?? []}
          renderItem={(r) => (
            <List.Item
              onClick={() => choose(r.id)}
              style={{
                cursor: 'pointer',
                paddingInline: 8,
                background: chosen?.id === r.id ? '#e6f4ff' : undefined,
              }}
              aria-current={chosen?.id === r.id}
            >
              <List.Item.Meta
                title={
                  <Space size={4} wrap>
                    <Button type="link" size="small" style={{ padding: 0 }}>
                      {t('history.version', { n: r.version })}
                    </Button>
                    <Tag>{t(`history.kind.${r.kind}` as MessageId)}</Tag>
                  </Space>
                }
                description={
                  <>
                    <TimeText iso={r.at} /> · {r.accountName ?? '-'}
                    <br />
                    {r.changed.length > 0 &&
                      t('history.changed', { fields: r.changed.map(fieldName).join('、') })}
                  </>
                }
              />
            </List.Item>
          )}
        />
        {chosen && (
          <Card
            style={{ flex: 1, minWidth: 0 }}
            title={`${t('history.version', { n: chosen.version })} · ${t('history.compare')}`}
            extra={
              // Restoring is articles.write for every kind of content (docs/decisions/032): without it the
              // history is read-only rather than a button the server refuses.
              canRestore &&
              chosen.version !== version && (
                <Popconfirm
                  title={t('history.restoreConfirm', { n: chosen.version })}
                  onConfirm={() => restore(chosen)}
                >
                  <Button type="primary">{t('history.restore')}</Button>
                </Popconfirm>
              )
            }
          >
            {changedFields.length === 0 && (
              <Typography.Text type="secondary">{t('history.noChange')}</Typography.Text>
            )}
            {changedFields.map((f) => (
              <section key={f} style={{ marginBottom: 16 }}>
                <Typography.Title level={5}>{fieldName(f)}</Typography.Title>
                <DiffView before={shown(f, chosen.previous?.[f])} after={shown(f, chosen.snapshot[f])} />
              </section>
            ))}
          </Card>
        )}
      </div>
    </Drawer>
  );
}
