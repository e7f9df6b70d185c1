/**
 * A 客户's page (decision 058): the school with its leads, contacts, owners, every follow-up of its leads and its
 * merges. Staff confirm or change a lead's school; with leads.merge they merge two leads or another school into
 * this one, and undo a merge.
 */
import { PageContainer } from '@ant-design/pro-components';
import type { SchoolAccountDetail } from '@yuexun/contract';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  List,
  Popconfirm,
  Row,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useInitialState } from '../../../app/initial-state';
import { RowButton } from '../../../components/RowActions';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { returnLeadToPool } from '../../../services/lead-pool';
import { confirmLeadSchool, loadSchoolAccount } from '../../../services/school-accounts';
import { STATUS_COLORS } from '../Leads';
import { TimelineEntries } from '../Leads/TimelineEntries';
import { AccountMerges } from './AccountMerges';
import { MergeLeadModal, MergeSchoolModal, MoveLeadModal } from './AccountModals';

type AccountLead = SchoolAccountDetail['leads'][number];

export default function AccountDetail() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { access } = useInitialState();
  const id = Number(useParams().id);
  const [detail, setDetail] = useState<SchoolAccountDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [moving, setMoving] = useState<AccountLead | null>(null);
  const [merging, setMerging] = useState<AccountLead | null>(null);
  const [mergingSchool, setMergingSchool] = useState(false);

  const load = useCallback(() => {
    loadSchoolAccount(id).then(setDetail, () => setFailed(true));
  }, [id]);
  useEffect(load, [load]);

  if (!detail)
    return (
      <PageContainer title={t('menu.content.account-detail')} loading={!failed}>
        {failed && <Empty description={t('accounts.none')} />}
      </PageContainer>
    );
  const { account, leads, contacts, timeline, merges } = detail;
  const confirm = async (lead: AccountLead) => {
    await confirmLeadSchool(lead.id, account.id);
    message.success(t('accounts.confirmDone'));
    load();
  };
  const toPool = async (lead: AccountLead) => {
    await returnLeadToPool(lead.id);
    message.success(t('accounts.returned'));
    load();
  };
  const open = (lead: AccountLead) => lead.status !== 'won' && lead.status !== 'lost';

  return (
    <PageContainer
      title={account.name}
      subTitle={account.region}
      extra={[
        <Link key="back" to="/content/accounts">
          {t('accounts.back')}
        </Link>,
        access.canMergeLeads && (
          <Button key="merge" onClick={() => setMergingSchool(true)}>
            {t('accounts.mergeSchool')}
          </Button>
        ),
      ]}
    >
      <Card style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('accounts.leads')}>
            {account.leadCount}（{t('accounts.open')} {account.openLeadCount}）
          </Descriptions.Item>
          <Descriptions.Item label={t('accounts.owners')}>
            {account.owners.join('、') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('accounts.latestStatus')}>
            {account.latestStatus ? (
              <Tag color={STATUS_COLORS[account.latestStatus]}>
                {t(`leads.status.${account.latestStatus}`)}
              </Tag>
            ) : (
              '-'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('accounts.lastActivity')}>
            {account.lastActivityAt ? <TimeText iso={account.lastActivityAt} /> : '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('accounts.section.leads')} style={{ marginBottom: 16 }} data-testid="account-leads">
        <Table<AccountLead>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={leads}
          columns={[
            { title: '#', dataIndex: 'id', width: 60 },
            { title: t('accounts.contact'), dataIndex: 'contactName' },
            { title: t('accounts.phone'), dataIndex: 'phone' },
            { title: t('accounts.role'), dataIndex: 'role', responsive: ['md'] },
            {
              title: t('accounts.status'),
              dataIndex: 'status',
              render: (_, l) => (
                <Space size={4} wrap>
                  <Tag color={STATUS_COLORS[l.status]}>{t(`leads.status.${l.status}`)}</Tag>
                  {l.inPool && <Tag color="red">{t('accounts.inPool')}</Tag>}
                </Space>
              ),
            },
            { title: t('accounts.owner'), dataIndex: 'ownerName', render: (_, l) => l.ownerName ?? '-' },
            {
              title: t('accounts.match'),
              dataIndex: 'confirmed',
              render: (_, l) => (
                <Space size={4} wrap>
                  <Tag>{l.confirmed ? t('accounts.confirmed') : t('accounts.matched')}</Tag>
                  {l.mergedLeadIds.length > 0 && (
                    <Tag>{t('accounts.mergedIn', { n: l.mergedLeadIds.length })}</Tag>
                  )}
                </Space>
              ),
            },
            {
              title: '',
              key: 'actions',
              render: (_, l) => (
                <Space size={0} wrap>
                  {access.canEditLeads && !l.confirmed && (
                    <RowButton onClick={() => confirm(l)}>{t('accounts.confirm')}</RowButton>
                  )}
                  {access.canEditLeads && (
                    <RowButton onClick={() => setMoving(l)}>{t('accounts.move')}</RowButton>
                  )}
                  {access.canEditLeads && l.ownerName && !l.inPool && open(l) && (
                    <Popconfirm title={t('accounts.toPool.confirm')} onConfirm={() => toPool(l)}>
                      <RowButton>{t('accounts.toPool')}</RowButton>
                    </Popconfirm>
                  )}
                  {access.canMergeLeads && leads.length > 1 && (
                    <RowButton onClick={() => setMerging(l)}>{t('accounts.mergeLead')}</RowButton>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <Card title={t('accounts.section.contacts')} style={{ marginBottom: 16 }}>
            <List
              size="small"
              dataSource={contacts}
              locale={{ emptyText: t('accounts.none') }}
              renderItem={(c) => (
                <List.Item>
                  <Typography.Text strong>{c.name}</Typography.Text>
                  <Typography.Text type="secondary">
                    {c.role ? `${c.role} · ` : ''}
                    {c.phone}
                  </Typography.Text>
                </List.Item>
              )}
            />
          </Card>
          <AccountMerges
            accountId={account.id}
            merges={merges}
            canUndo={access.canMergeLeads}
            onChanged={load}
          />
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('accounts.section.timeline')} style={{ marginBottom: 16 }}>
            {timeline.length === 0 ? (
              <Typography.Text type="secondary">{t('leads.timelineEmpty')}</Typography.Text>
            ) : (
              <TimelineEntries
                entries={timeline}
                extra={(e) => <Tag style={{ marginInlineStart: 8 }}>#{e.leadId}</Tag>}
              />
            )}
          </Card>
        </Col>
      </Row>
      <MoveLeadModal lead={moving} onClose={() => setMoving(null)} onDone={load} />
      <MergeLeadModal lead={merging} leads={leads} onClose={() => setMerging(null)} onDone={load} />
      <MergeSchoolModal
        open={mergingSchool}
        account={account}
        onClose={() => setMergingSchool(false)}
        onDone={load}
      />
    </PageContainer>
  );
}
