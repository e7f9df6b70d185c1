/** The 客户 page's merges, newest first, each undoable once (decision 058). */
import type { MergeRecord } from '@yuexun/contract';
import { App, Card, List, Popconfirm, Tag, Typography } from 'antd';
import { RowButton } from '../../../components/RowActions';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { undoMerge } from '../../../services/school-accounts';

export function AccountMerges({
  accountId,
  merges,
  canUndo,
  onChanged,
}: {
  accountId: number;
  merges: MergeRecord[];
  canUndo: boolean;
  onChanged: () => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const undo = async (m: MergeRecord) => {
    await undoMerge(m.id);
    message.success(t('accounts.undone'));
    onChanged();
  };
  const describe = (m: MergeRecord) =>
    m.kind === 'lead'
      ? t('accounts.merge.lead', { source: m.sourceId, target: m.targetId })
      : m.sourceId === accountId
        ? t('accounts.merge.schoolOut', { target: m.targetId })
        : t('accounts.merge.school', { source: m.sourceId });
  return (
    <Card title={t('accounts.section.merges')} style={{ marginBottom: 16 }} data-testid="account-merges">
      <List
        size="small"
        dataSource={merges}
        locale={{ emptyText: t('accounts.none') }}
        renderItem={(m) => (
          <List.Item
            actions={
              canUndo && !m.undoneAt
                ? [
                    <Popconfirm key="undo" title={t('accounts.undo.confirm')} onConfirm={() => undo(m)}>
                      <RowButton>{t('accounts.undo')}</RowButton>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <>
                  {describe(m)} {m.undoneAt && <Tag>{t('accounts.undone')}</Tag>}
                </>
              }
              description={
                <Typography.Text type="secondary">
                  {m.byName ?? '-'} · <TimeText iso={m.createdAt} />
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
