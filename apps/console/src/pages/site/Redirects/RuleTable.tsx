/** The redirect rules: source, target, 301/302, on/off, edit and delete; searchable by address. */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { DEFAULT_PAGE_SIZE, type RedirectRule } from '@yuexun/contract';
import { Button, Grid, Switch, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { actionColumn, DeleteButton, RowButton, useListChange } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { useIntl } from '../../../locales/intl';
import { deleteRule, listRules, updateRule } from '../../../services/redirects';
import { RuleForm } from './RuleForm';

export function RuleTable() {
  const { t } = useIntl();
  const phone = Grid.useBreakpoint().sm === false;
  const action = useRef<ActionType>(null);
  const change = useListChange();
  const [editing, setEditing] = useState<RedirectRule | 'new' | null>(null);
  const reload = () => action.current?.reload();

  const enabledSwitch = (r: RedirectRule) => (
    <Switch
      size="small"
      checked={r.enabled}
      aria-label={t('redirects.enabled')}
      onChange={(enabled) =>
        change(
          () => updateRule(r, { enabled }),
          t(enabled ? 'redirects.enabledOn' : 'redirects.enabledOff'),
          reload,
        )
      }
    />
  );

  const columns: ProColumns<RedirectRule>[] = [
    {
      title: t('redirects.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
    },
    {
      title: t('redirects.fromPath'),
      dataIndex: 'fromPath',
      search: false,
      render: (_, r) => (
        <>
          <Typography.Text code copyable={{ text: r.fromPath }} style={{ wordBreak: 'break-all' }}>
            {r.fromPath}
          </Typography.Text>{' '}
          {r.matchType === 'prefix' && <Tag>{t('redirects.match.prefix')}</Tag>}
          {phone && (
            <Typography.Paragraph type="secondary" style={{ margin: 0, wordBreak: 'break-all' }}>
              → {r.toUrl} ({r.statusCode})
            </Typography.Paragraph>
          )}
          {r.note && (
            <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
              {r.note}
            </Typography.Paragraph>
          )}
          {phone && enabledSwitch(r)}
        </>
      ),
    },
    {
      title: t('redirects.toUrl'),
      dataIndex: 'toUrl',
      search: false,
      responsive: ['sm'],
      render: (_, r) => <span style={{ wordBreak: 'break-all' }}>{r.toUrl}</span>,
    },
    {
      title: t('redirects.statusCode'),
      dataIndex: 'statusCode',
      search: false,
      width: 90,
      responsive: ['sm'],
      render: (_, r) => <Tag color={r.statusCode === 301 ? 'blue' : 'gold'}>{r.statusCode}</Tag>,
    },
    {
      title: t('redirects.enabled'),
      dataIndex: 'enabled',
      search: false,
      width: 80,
      responsive: ['sm'],
      render: (_, r) => enabledSwitch(r),
    },
    actionColumn<RedirectRule>(
      t('common.operation'),
      phone ? 80 : 130,
      (r) => {
        const buttons = [
          <RowButton key="edit" onClick={() => setEditing(r)}>
            {t('common.edit')}
          </RowButton>,
          <DeleteButton
            key="delete"
            confirm={t('redirects.deleteConfirm', { path: r.fromPath })}
            remove={() => deleteRule(r)}
            onSettled={reload}
          />,
        ];
        return buttons;
      },
      { stacked: phone },
    ),
  ];

  return (
    <>
      <ProTable<RedirectRule, { keyword?: string }>
        rowKey="id"
        actionRef={action}
        headerTitle={t('redirects.tab.rules')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('redirects.new')}
          </Button>,
        ]}
        request={tableRequest(({ pageIndex, pageSize, keyword }) =>
          listRules({ pageIndex, pageSize, keyword }),
        )}
        locale={{ emptyText: t('redirects.empty') }}
      />
      {editing && (
        <RuleForm
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </>
  );
}
