/**
 * 线索分配规则: a new lead of these kinds from these regions goes to this salesperson, the first matching
 * rule by order. Edited here beside the channels, which decide where the lead is announced.
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { LeadRoute } from '@yuexun/contract';
import { Button, Grid, Switch, Typography } from 'antd';
import { useRef, useState } from 'react';
import { actionColumn, DeleteButton, RowButton, useListChange } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { useIntl } from '../../../locales/intl';
import { deleteRoute, listRoutes, updateRoute } from '../../../services/leads';
import { RouteForm } from './RouteForm';

export function RouteTable() {
  const { t } = useIntl();
  const phone = Grid.useBreakpoint().sm === false;
  const action = useRef<ActionType>(null);
  const change = useListChange();
  const [editing, setEditing] = useState<LeadRoute | 'new' | null>(null);
  const reload = () => action.current?.reload();

  const kinds = (r: LeadRoute) =>
    r.leadKinds.length ? r.leadKinds.map((k) => t(`leads.kind.${k}`)).join('、') : t('alerts.leadKindsAll');

  const columns: ProColumns<LeadRoute>[] = [
    { title: t('routes.position'), dataIndex: 'position', width: 70, responsive: ['sm'] },
    {
      title: t('routes.name'),
      dataIndex: 'name',
      render: (_, r) => (
        <>
          <Typography.Text strong>{r.name}</Typography.Text>
          {phone && (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {kinds(r)} · {r.regions || t('alerts.regionsAll')} → {r.ownerName}
            </Typography.Paragraph>
          )}
        </>
      ),
    },
    { title: t('alerts.leadKinds'), key: 'kinds', responsive: ['sm'], render: (_, r) => kinds(r) },
    {
      title: t('alerts.regions'),
      dataIndex: 'regions',
      ellipsis: true,
      responsive: ['md'],
      render: (_, r) => r.regions || t('alerts.regionsAll'),
    },
    { title: t('leads.owner'), dataIndex: 'ownerName', width: 110, responsive: ['sm'] },
    {
      title: t('alerts.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.enabled}
          aria-label={t('alerts.enabled')}
          onChange={(enabled) =>
            change(
              () => updateRoute(r, { enabled }),
              t(enabled ? 'alerts.enabledOn' : 'alerts.enabledOff'),
              reload,
            )
          }
        />
      ),
    },
    actionColumn<LeadRoute>(t('common.operation'), phone ? 70 : 130, (r) => [
      <RowButton key="edit" onClick={() => setEditing(r)}>
        {t('common.edit')}
      </RowButton>,
      <DeleteButton
        key="delete"
        confirm={t('routes.deleteConfirm', { name: r.name })}
        remove={() => deleteRoute(r)}
        onSettled={reload}
      />,
    ]),
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('routes.intro')}</Typography.Paragraph>
      <ProTable<LeadRoute>
        rowKey="id"
        actionRef={action}
        headerTitle={t('alerts.tab.routes')}
        columns={columns}
        search={false}
        pagination={false}
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('routes.new')}
          </Button>,
        ]}
        request={tableRequest(listRoutes)}
        locale={{ emptyText: t('routes.empty') }}
      />
      {editing && (
        <RouteForm
          route={editing === 'new' ? null : editing}
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
