/** The banners in display order: picture, title, window and state, on/off, edit and delete. */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { Banner } from '@yuexun/contract';
import { Button, Grid, Switch, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { actionColumn, DeleteButton, RowButton, useListChange } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { showTime } from '../../../components/time/time';
import { imageUrl } from '../../../components/upload';
import { type MessageId, useIntl } from '../../../locales/intl';
import { bannerInput, deleteBanner, listBanners, updateBanner } from '../../../services/home-page';
import { BannerForm } from './BannerForm';

const STATE_COLOURS: Record<Banner['state'], string> = {
  live: 'green',
  scheduled: 'blue',
  ended: 'default',
  off: 'default',
};

export function BannerTable() {
  const { t } = useIntl();
  const phone = Grid.useBreakpoint().sm === false;
  const action = useRef<ActionType>(null);
  const change = useListChange();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const reload = () => action.current?.reload();

  const state = (b: Banner) => (
    <Tag color={STATE_COLOURS[b.state]}>{t(`homePage.banner.state.${b.state}` as MessageId)}</Tag>
  );
  const period = (b: Banner) =>
    b.startAt || b.endAt
      ? `${b.startAt ? showTime(b.startAt) : '…'} ~ ${b.endAt ? showTime(b.endAt) : '…'}`
      : t('homePage.banner.always');
  const enabledSwitch = (b: Banner) => (
    <Switch
      size="small"
      checked={b.enabled}
      aria-label={`${t('homePage.banner.enabled')} ${b.title}`}
      onChange={(enabled) =>
        change(
          () => updateBanner(b, { ...bannerInput(b), enabled }),
          t(enabled ? 'homePage.banner.enabledOn' : 'homePage.banner.enabledOff'),
          reload,
        )
      }
    />
  );

  const columns: ProColumns<Banner>[] = [
    {
      title: t('homePage.banner.picture'),
      dataIndex: 'desktopFileUuid',
      width: phone ? 96 : 176,
      render: (_, b) => (
        <img
          src={imageUrl(b.desktopFileUuid)}
          alt={b.title}
          style={{ width: phone ? 80 : 160, aspectRatio: '16 / 6', objectFit: 'cover', borderRadius: 4 }}
        />
      ),
    },
    {
      title: t('homePage.banner.title'),
      dataIndex: 'title',
      render: (_, b) => (
        <>
          <Typography.Text strong>{b.title}</Typography.Text>
          {b.subtitle && (
            <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
              {b.subtitle}
            </Typography.Paragraph>
          )}
          {phone && (
            <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginTop: 4 }}>
              {state(b)}
              {enabledSwitch(b)}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {period(b)}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      title: t('homePage.banner.window'),
      dataIndex: 'startAt',
      responsive: ['md'],
      render: (_, b) => period(b),
    },
    {
      title: t('homePage.banner.sortOrder'),
      dataIndex: 'sortOrder',
      width: 70,
      responsive: ['sm'],
    },
    {
      title: t('homePage.banner.state'),
      dataIndex: 'state',
      width: 90,
      responsive: ['sm'],
      render: (_, b) => state(b),
    },
    {
      title: t('homePage.banner.enabled'),
      dataIndex: 'enabled',
      width: 70,
      responsive: ['sm'],
      render: (_, b) => enabledSwitch(b),
    },
    actionColumn<Banner>(
      t('common.operation'),
      phone ? 70 : 130,
      (b) => [
        <RowButton key="edit" onClick={() => setEditing(b)}>
          {t('common.edit')}
        </RowButton>,
        <DeleteButton
          key="delete"
          confirm={t('homePage.banner.deleteConfirm', { title: b.title })}
          remove={() => deleteBanner(b)}
          onSettled={reload}
        />,
      ],
      { stacked: phone },
    ),
  ];

  return (
    <>
      <ProTable<Banner>
        rowKey="id"
        actionRef={action}
        headerTitle={t('homePage.tab.banners')}
        columns={columns}
        search={false}
        pagination={false}
        options={false}
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('homePage.banner.new')}
          </Button>,
        ]}
        request={tableRequest(listBanners)}
        locale={{ emptyText: t('homePage.banner.empty') }}
      />
      {editing && (
        <BannerForm
          banner={editing === 'new' ? null : editing}
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
