/**
 * A list of signed-in sessions: device, browser and system, masked address, school, sign-in time and last
 * use; the current one is marked and cannot be ended from here (that is what 退出登录 is for).
 */
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import TabletOutlined from '@ant-design/icons/TabletOutlined';
import type { ActiveSession } from '@yuexun/contract';
import { Button, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useIntl } from '../../locales/intl';
import { TimeText } from '../time/TimeText';

const ICONS = { desktop: DesktopOutlined, mobile: MobileOutlined, tablet: TabletOutlined } as const;

export const deviceLabel = (s: Pick<ActiveSession, 'browser' | 'os'>, unknown: string) =>
  [s.browser, s.os].filter(Boolean).join(' · ') || unknown;

export function SessionList({
  sessions,
  loading,
  onEnd,
}: {
  sessions: ActiveSession[];
  loading: boolean;
  onEnd: (session: ActiveSession) => Promise<unknown>;
}) {
  const { t } = useIntl();
  return (
    <List
      loading={loading}
      dataSource={sessions}
      locale={{ emptyText: t('sessions.none') }}
      renderItem={(s) => {
        const Icon = ICONS[s.deviceType];
        return (
          <List.Item
            data-testid="session-item"
            actions={
              s.current
                ? []
                : [
                    <Popconfirm
                      key="end"
                      title={t('sessions.end.title')}
                      okText={t('common.confirm')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => onEnd(s)}
                    >
                      <Button type="link" size="small" danger>
                        {t('sessions.end')}
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={<Icon style={{ fontSize: 24, color: '#1890ff' }} />}
              title={
                <Space size={4} wrap>
                  {deviceLabel(s, t('sessions.unknownDevice'))}
                  {s.wechat ? <Tag color="green">{t('sessions.wechat')}</Tag> : null}
                  {s.current ? <Tag color="blue">{t('sessions.current')}</Tag> : null}
                </Space>
              }
              description={
                <Typography.Text type="secondary">
                  <span dir="ltr">{s.address ?? t('sessions.unknownAddress')}</span>
                  {s.tenantName ? ` · ${s.tenantName}` : ''}
                  <br />
                  {t('sessions.signedIn')} <TimeText iso={s.signedInAt} /> · {t('sessions.lastSeen')}{' '}
                  <TimeText iso={s.lastSeenAt} />
                </Typography.Text>
              }
            />
          </List.Item>
        );
      }}
    />
  );
}
