/**
 * Session lost while editing (401/402): instead of leaving for the login page (and losing the
 * form), a login dialog opens over the editor; what failed is queued and runs again after login.
 */
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { useIntl } from '../../../locales/intl';
import { login, loginFailure } from '../../../services/account';
import { isSessionLost, onSessionLost } from '../../../services/client';

type Retry = () => Promise<unknown>;

export const useRelogin = () => {
  const [open, setOpen] = useState(false);
  const queue = useRef<Retry[]>([]);

  useEffect(() => onSessionLost(() => setOpen(true)), []);

  /** Runs `work`; if the session is gone, queues it for after the login instead of failing. */
  const guarded = useCallback(async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      if (!isSessionLost(error)) throw error;
      queue.current.push(work);
      setOpen(true);
      return undefined;
    }
  }, []);

  const resume = useCallback(async () => {
    setOpen(false);
    const pending = queue.current.splice(0);
    for (const retry of pending) await retry().catch(() => undefined);
  }, []);

  const dialog = <ReloginDialog open={open} onLoggedIn={resume} />;
  return { guarded, dialog };
};

function ReloginDialog({ open, onLoggedIn }: { open: boolean; onLoggedIn: () => void }) {
  const { t } = useIntl();
  const [form] = Form.useForm<{ username: string; password: string }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  // The account that was signed in: only its password is asked again (its username is the phone number
  // for staff made in 员工管理, which nobody should have to remember to type).
  const username = useInitialState().currentUser?.accountName;
  useEffect(() => {
    if (open && username && !form.getFieldValue('username')) form.setFieldsValue({ username });
  }, [open, username, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setFailure(undefined);
    try {
      await login({ loginType: 'account', ...values });
      form.resetFields();
      onLoggedIn();
    } catch (error) {
      setFailure(loginFailure(error).text ?? t('login.failure'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('content.relogin.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" loading={busy} onClick={submit}>
          {t('content.relogin.submit')}
        </Button>
      }
      forceRender
    >
      <Alert type="info" showIcon message={t('content.relogin.hint')} style={{ marginBottom: 16 }} />
      {failure && <Alert type="error" message={failure} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[{ required: true, message: t('login.username.required') }]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.password.required') }]}
        >
          <Input.Password autoComplete="current-password" onPressEnter={submit} autoFocus={open} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
