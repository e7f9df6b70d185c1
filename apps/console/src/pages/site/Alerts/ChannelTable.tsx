/** The channels: kind, target, on/off, 发送测试消息, edit and delete. */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { AlertChannel } from '@yuexun/contract';
import { App, Button, Grid, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { actionColumn, DeleteButton, EnabledSwitch, RowButton } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { useIntl } from '../../../locales/intl';
import { deleteChannel, listChannels, testChannel, updateChannel } from '../../../services/alerts';
import { ChannelForm } from './ChannelForm';

export const KIND_COLORS: Record<AlertChannel['kind'], string> = {
  wecom: 'green',
  dingtalk: 'blue',
  feishu: 'cyan',
  webhook: 'purple',
  email: 'gold',
};

const targetOf = (c: AlertChannel) => (c.kind === 'email' ? c.mailTo : c.url);

export function ChannelTable() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const phone = Grid.useBreakpoint().sm === false;
  const action = useRef<ActionType>(null);
  const [editing, setEditing] = useState<AlertChannel | 'new' | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const reload = () => action.current?.reload();

  const test = async (c: AlertChannel) => {
    setTesting(c.id);
    try {
      message.success(await testChannel(c), 6);
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error), 8);
    } finally {
      setTesting(null);
    }
  };

  const enabledSwitch = (c: AlertChannel) => (
    <EnabledSwitch
      enabled={c.enabled}
      label={t('alerts.enabled')}
      save={(enabled) => updateChannel(c, { enabled })}
      said={(enabled) => t(enabled ? 'alerts.enabledOn' : 'alerts.enabledOff')}
      reload={reload}
    />
  );

  const columns: ProColumns<AlertChannel>[] = [
    {
      title: t('alerts.name'),
      dataIndex: 'name',
      render: (_, c) => (
        <>
          <Typography.Text strong>{c.name}</Typography.Text>{' '}
          <Tag color={KIND_COLORS[c.kind]}>{t(`alerts.kind.${c.kind}`)}</Tag>
          {phone && (
            <Typography.Paragraph type="secondary" ellipsis style={{ margin: 0, maxWidth: 200 }}>
              {targetOf(c)}
            </Typography.Paragraph>
          )}
          {phone && enabledSwitch(c)}
        </>
      ),
    },
    {
      title: t('alerts.target'),
      key: 'target',
      ellipsis: true,
      responsive: ['sm'],
      render: (_, c) => <Typography.Text type="secondary">{targetOf(c)}</Typography.Text>,
    },
    {
      title: t('alerts.scope'),
      dataIndex: 'regions',
      width: 200,
      ellipsis: true,
      responsive: ['md'],
      render: (_, c) =>
        [
          c.leadKinds.length
            ? c.leadKinds.map((k) => t(`leads.kind.${k}`)).join('、')
            : t('alerts.leadKindsAll'),
          c.regions || t('alerts.regionsAll'),
        ].join(' · '),
    },
    {
      title: t('alerts.enabled'),
      dataIndex: 'enabled',
      width: 80,
      responsive: ['sm'],
      render: (_, c) => enabledSwitch(c),
    },
    actionColumn<AlertChannel>(
      t('common.operation'),
      phone ? 110 : 240,
      (c) => {
        const buttons = [
          <RowButton key="test" loading={testing === c.id} onClick={() => test(c)}>
            {t('alerts.test')}
          </RowButton>,
          <RowButton key="edit" onClick={() => setEditing(c)}>
            {t('common.edit')}
          </RowButton>,
          <DeleteButton
            key="delete"
            confirm={t('alerts.deleteConfirm', { name: c.name })}
            remove={() => deleteChannel(c)}
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
      <ProTable<AlertChannel>
        rowKey="id"
        actionRef={action}
        headerTitle={t('alerts.tab.channels')}
        columns={columns}
        search={false}
        pagination={false}
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('alerts.new')}
          </Button>,
        ]}
        request={tableRequest(listChannels)}
        locale={{ emptyText: t('alerts.empty') }}
      />
      {editing && (
        <ChannelForm
          channel={editing === 'new' ? null : editing}
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
