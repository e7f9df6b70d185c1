/**
 * 线索分配规则: a new lead of these kinds from these regions goes to this salesperson, the first matching
 * rule by order. Edited here beside the channels, which decide where the lead is announced.
 */
import type { ProColumns } from '@ant-design/pro-components';
import type { LeadRoute } from '@yuexun/contract';
import { Grid, Typography } from 'antd';
import { DialogEditedTable } from '../../../components/DialogEditedTable';
import { actionColumn, DeleteButton, EnabledSwitch, RowButton } from '../../../components/RowActions';
import { useIntl } from '../../../locales/intl';
import { deleteRoute, listRoutes, updateRoute } from '../../../services/leads';
import { RouteForm } from './RouteForm';

export function RouteTable() {
  const { t } = useIntl();
  const phone = Grid.useBreakpoint().sm === false;

  const kinds = (r: LeadRoute) =>
    r.leadKinds.length ? r.leadKinds.map((k) => t(`leads.kind.${k}`)).join('、') : t('alerts.leadKindsAll');

  const columns = (edit: (r: LeadRoute) => void, reload: () => void): ProColumns<LeadRoute>[] => [
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
        <EnabledSwitch
          enabled={r.enabled}
          label={t('alerts.enabled')}
          save={(enabled) => updateRoute(r, { enabled })}
          said={(enabled) => t(enabled ? 'alerts.enabledOn' : 'alerts.enabledOff')}
          reload={reload}
        />
      ),
    },
    actionColumn<LeadRoute>(t('common.operation'), phone ? 70 : 130, (r) => [
      <RowButton key="edit" onClick={() => edit(r)}>
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
      <DialogEditedTable
        headerTitle={t('alerts.tab.routes')}
        newLabel={t('routes.new')}
        columns={columns}
        list={listRoutes}
        emptyText={t('routes.empty')}
        dialog={({ record, onClose, onSaved }) => (
          <RouteForm route={record} onClose={onClose} onSaved={onSaved} />
        )}
      />
    </>
  );
}
