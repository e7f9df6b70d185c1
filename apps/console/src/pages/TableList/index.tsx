/**
 * Rule table (spec §2, §4, §5): search form, sortable paged ProTable over the real `rule` table, create and
 * update forms (name required, description ≥ 5 characters, start time required), batch delete with a
 * confirmation. Status: closed (default) / running / online / abnormal.
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  type ActionType,
  FooterToolbar,
  PageContainer,
  type ProColumns,
  ProTable,
} from '@ant-design/pro-components';
import { isOneOf, RULE_SORT_FIELDS, RULE_STATUSES, type Rule, type RuleStatus } from '@yuexun/contract';
import { App, Button, Popconfirm } from 'antd';
import { useRef, useState } from 'react';
import { Ltr } from '../../components/Ltr';
import { tableRequest } from '../../components/table-request';
import { TimeText } from '../../components/time/TimeText';
import { useIntl } from '../../locales/intl';
import { queryRules, removeRules } from '../../services/rule';
import { RuleForm } from './RuleForm';

const STATUS_BADGE: Record<RuleStatus, 'default' | 'processing' | 'success' | 'error'> = {
  closed: 'default',
  running: 'processing',
  online: 'success',
  abnormal: 'error',
};

export default function TableList() {
  const { t, lang } = useIntl();
  const { message, modal } = App.useApp();
  const actionRef = useRef<ActionType>(null);
  const [selected, setSelected] = useState<Rule[]>([]);
  const [editing, setEditing] = useState<Rule | 'new' | undefined>();

  const statusEnum = Object.fromEntries(
    (Object.keys(STATUS_BADGE) as RuleStatus[]).map((s) => [
      s,
      { text: t(`rule.status.${s}`), status: STATUS_BADGE[s] },
    ]),
  );

  const remove = async (rows: Rule[]) => {
    const hide = message.loading(t('common.delete'));
    try {
      await removeRules(rows.map((r) => r.key));
      message.success(t('common.deleted'));
      setSelected([]);
      actionRef.current?.reloadAndRest?.();
    } catch {
      // The client has shown why.
    } finally {
      hide();
    }
  };

  const columns: ProColumns<Rule>[] = [
    {
      title: t('rule.name'),
      dataIndex: 'name',
      render: (dom, row) => (
        <Button type="link" size="small" onClick={() => setEditing(row)}>
          {dom}
        </Button>
      ),
    },
    { title: t('rule.description'), dataIndex: 'description', valueType: 'textarea', ellipsis: true },
    {
      title: t('rule.callNo'),
      dataIndex: 'callNo',
      sorter: true,
      search: false,
      align: 'right',
      render: (_, row) => <Ltr>{t('rule.callNo.unit', { n: row.callNo })}</Ltr>,
    },
    {
      title: t('rule.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusEnum,
      fieldProps: { mode: 'multiple' },
    },
    {
      title: t('rule.startTime'),
      dataIndex: 'startTime',
      sorter: true,
      search: false,
      render: (_, r) => <TimeText iso={r.startTime} />,
    },
    {
      title: t('rule.updatedAt'),
      dataIndex: 'updatedAt',
      sorter: true,
      search: false,
      defaultSortOrder: 'descend',
      render: (_, r) => <TimeText iso={r.updatedAt} />,
    },
    {
      title: t('common.operation'),
      dataIndex: 'option',
      valueType: 'option',
      render: (_, row) => [
        <Button type="link" size="small" key="edit" onClick={() => setEditing(row)}>
          {t('common.edit')}
        </Button>,
        <Popconfirm
          key="delete"
          title={t('rule.delete.confirm', { name: row.name })}
          onConfirm={() => remove([row])}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
        >
          <Button type="link" size="small">
            {t('common.delete')}
          </Button>
        </Popconfirm>,
      ],
    },
  ];

  return (
    <PageContainer title={t('rule.title')}>
      <ProTable<Rule>
        key={lang}
        headerTitle={t('rule.title')}
        actionRef={actionRef}
        rowKey="key"
        search={{ labelWidth: 'auto' }}
        toolBarRender={() => [
          <Button type="primary" key="new" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('common.new')}
          </Button>,
        ]}
        request={tableRequest((params, sort) => {
          const [field, order] = Object.entries(sort)[0] ?? [];
          const status = [params.status].flat().filter((value) => isOneOf(RULE_STATUSES, value));
          return queryRules({
            pageIndex: params.pageIndex,
            pageSize: params.pageSize,
            name: params.name || undefined,
            description: params.description || undefined,
            status: status.length > 0 ? status : undefined,
            sortField: isOneOf(RULE_SORT_FIELDS, field) ? field : undefined,
            sortOrder: order ?? undefined,
          });
        })}
        columns={columns}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        rowSelection={{ onChange: (_, rows) => setSelected(rows) }}
        scroll={{ x: 960 }}
      />
      {selected.length > 0 && (
        <FooterToolbar extra={<span>{t('common.selected', { n: selected.length })}</span>}>
          <Button
            danger
            onClick={() =>
              modal.confirm({
                title: t('rule.batchDelete.confirm', { n: selected.length }),
                okText: t('common.confirm'),
                cancelText: t('common.cancel'),
                okButtonProps: { danger: true },
                onOk: () => remove(selected),
              })
            }
          >
            {t('common.batchDelete')}
          </Button>
        </FooterToolbar>
      )}
      {editing && (
        <RuleForm
          rule={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            actionRef.current?.reload();
          }}
        />
      )}
    </PageContainer>
  );
}
