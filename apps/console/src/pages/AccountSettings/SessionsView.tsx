/** The account's own sessions (end one or all others) and its sign-in history. */
import type { ActiveSession } from '@yuexun/contract';
import { App, Button, Popconfirm, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { SessionList } from '../../components/sessions/SessionList';
import { SignInHistory } from '../../components/sessions/SignInHistory';
import { useIntl } from '../../locales/intl';
import { endOtherSessions, endOwnSession, listOwnSessions, ownSignInHistory } from '../../services/sessions';

export const SessionsView = () => {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [sessions, setSessions] = useState<ActiveSession[]>([]);
  const [loading, setLoading] = useState(true);

  const load = useCallback(() => {
    setLoading(true);
    listOwnSessions()
      .then(setSessions, () => setSessions([]))
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);

  const ended = () => {
    message.success(t('sessions.ended'));
    load();
  };
  const others = sessions.filter((s) => !s.current).length;

  return (
    <>
      <Typography.Title level={4} style={{ paddingInline: 8 }}>
        {t('settings.menu.sessions')}
      </Typography.Title>
      <div style={{ paddingInline: 8 }}>
        <Popconfirm
          title={t('sessions.endOthers.title')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => endOtherSessions().then(ended)}
          disabled={others === 0}
        >
          <Button danger disabled={others === 0}>
            {t('sessions.endOthers')}
          </Button>
        </Popconfirm>
        <SessionList
          sessions={sessions}
          loading={loading}
          onEnd={(s) => endOwnSession(s.sessionKey).then(ended)}
        />
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          {t('sessions.history')}
        </Typography.Title>
        <SignInHistory load={ownSignInHistory} />
      </div>
    </>
  );
};
