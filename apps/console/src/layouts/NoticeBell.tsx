/**
 * The bell beside one's name: review steps that concern the signed-in person (a submission to review, their own
 * submission approved or returned). Counted again every minute and when the page changes; a notice opened is
 * marked read and leads where it is about.
 */
import BellOutlined from '@ant-design/icons/BellOutlined';
import type { StaffNotice, StaffNoticeList } from '@yuexun/contract';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showTime } from '../components/time/time';
import { useIntl } from '../locales/intl';
import { loadStaffNotices, readAllStaffNotices, readStaffNotice } from '../services/staff-notices';

const EVERY_MS = 60_000;

export function NoticeBell() {
  const { t } = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [list, setList] = useState<StaffNoticeList>({ notices: [], unread: 0 });
  const [open, setOpen] = useState(false);
  const refresh = useCallback(() => {
    loadStaffNotices().then(setList, () => undefined);
  }, []);
  useEffect(() => {
    const timer = window.setInterval(refresh, EVERY_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: counted again on every page change
  useEffect(refresh, [pathname]);

  const go = (notice: StaffNotice) => {
    setOpen(false);
    if (!notice.read) readStaffNotice(notice.id).then(setList, () => undefined);
    navigate(notice.link);
  };

  const content = (
    // Within a 375 px screen too: the popover is centred under the bell and never wider than the screen.
    <div style={{ width: 'min(320px, calc(100vw - 56px))' }}>
      {list.notices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
      ) : (
        <List<StaffNotice>
          size="small"
          dataSource={list.notices}
          style={{ maxHeight: 360, overflowY: 'auto' }}
          renderItem={(n) => (
            <List.Item style={{ cursor: 'pointer', opacity: n.read ? 0.6 : 1 }} onClick={() => go(n)}>
              <List.Item.Meta
                title={<Typography.Text strong={!n.read}>{n.title}</Typography.Text>}
                description={
                  <>
                    <div>{n.body}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {showTime(n.createdAt)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      {list.unread > 0 && (
        <Button block type="link" onClick={() => readAllStaffNotices().then(setList, () => undefined)}>
          {t('notices.readAll')}
        </Button>
      )}
    </div>
  );

  return (
    <Popover
      content={content}
      title={t('notices.title')}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottom"
    >
      <Button
        type="text"
        aria-label={t('notices.title')}
        data-testid="notice-bell"
        style={{ paddingInline: 8 }}
      >
        <Badge count={list.unread} size="small" offset={[4, -2]}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
