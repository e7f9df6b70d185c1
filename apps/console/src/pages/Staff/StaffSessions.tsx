/** A staff member's sessions in this school (end one or all) and sign-in history, in a drawer. */
import type { ActiveSession, StaffMember } from '@yuexun/contract';
import { App, Button, Drawer, Grid, Popconfirm, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { SessionList } from '../../components/sessions/SessionList';
import { SignInHistory } from '../../components/sessions/SignInHistory';
import { useIntl } from '../../locales/intl';
import { endStaffSessions, listStaffSessions, staffSignInHistory } from '../../services/sessions';

export function StaffSessions({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [sessions, setSessions] = useState<ActiveSession[]>([]);
  const [loading, setLoading] = useState(true);
  const load = useCallback(() => {
    setLoading(true);
    listStaffSessions(member.employeeId)
      .then(setSessions, () => setSessions([]))
      .finally(() => setLoading(false));
  }, [member.employeeId]);
  useEffect(load, [load]);
  const history = useCallback(
    (pageIndex: number, pageSize: number) => staffSignInHistory(member.employeeId, pageIndex, pageSize),
    [member.employeeId],
  );
  const ended = () => {
    message.success(t('sessions.ended'));
    load();
  };
  const endable = sessions.filter((s) => !s.current).length;

  return (
    <Drawer
      open
      width={screens.md ? 640 : '100%'}
      title={t('sessions.of', { name: member.name })}
      onClose={onClose}
    >
      <Popconfirm
        title={t('sessions.endAll.title', { name: member.name })}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        disabled={endable === 0}
        onConfirm={() => endStaffSessions(member.employeeId).then(ended)}
      >
        <Button danger disabled={endable === 0}>
          {t('sessions.endAll')}
        </Button>
      </Popconfirm>
      <SessionList
        sessions={sessions}
        loading={loading}
        onEnd={(s) => endStaffSessions(member.employeeId, s.sessionKey).then(ended)}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('sessions.history')}
      </Typography.Title>
      <SignInHistory load={history} />
    </Drawer>
  );
}
