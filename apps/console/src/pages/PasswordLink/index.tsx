/**
 * The page an invitation or reset link opens: it first asks whether the link can be used, so a used,
 * expired or tampered link shows why on a clear page and nothing is changed; otherwise the person sets
 * a password and goes to the login page.
 */
import { setPasswordByLinkPublic } from '@yuexun/contract';
import { BusinessError } from '@yuexun/request';
import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirmRules } from '../../components/confirm-rule';
import { limitsOf } from '../../components/form-limits';
import styles from '../../components/sign-in/login.module.css';
import { useIntl } from '../../locales/intl';
import { fieldErrors } from '../../services/client';
import { inquirePasswordLink, setPasswordByLink } from '../../services/staff';

const limits = limitsOf(setPasswordByLinkPublic.input);

type LinkState =
  | { state: 'loading' }
  | { state: 'usable'; purpose: 'invite' | 'reset'; name: string; username: string }
  | { state: 'unusable'; reason: string }
  | { state: 'done' };

const reasonOf = (error: unknown, fallback: string) =>
  error instanceof BusinessError && error.errorMessage ? error.errorMessage : fallback;

export default function PasswordLink() {
  const { t } = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [link, setLink] = useState<LinkState>({ state: 'loading' });
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ newPassword: string; confirm: string }>();

  useEffect(() => {
    inquirePasswordLink(token).then(
      (res) => {
        const found = res.datas[0];
        setLink(
          found ? { state: 'usable', ...found } : { state: 'unusable', reason: t('passwordLink.unusable') },
        );
      },
      (error) => setLink({ state: 'unusable', reason: reasonOf(error, t('passwordLink.unusable')) }),
    );
  }, [token, t]);

  const submit = async ({ newPassword }: { newPassword: string }) => {
    if (saving) return;
    setSaving(true);
    setFailure(undefined);
    try {
      await setPasswordByLink(token, newPassword);
      setLink({ state: 'done' });
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.length > 0)
        form.setFields(fields.map((f) => ({ name: 'newPassword', errors: [f.message] })));
      else setLink({ state: 'unusable', reason: reasonOf(error, t('passwordLink.unusable')) });
    } finally {
      setSaving(false);
    }
  };

  const title =
    link.state === 'usable' && link.purpose === 'reset'
      ? 'passwordLink.title.reset'
      : 'passwordLink.title.invite';
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <header className={styles.header}>
          <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={44} height={44} />
          <h1 className={styles.title}>{t(title)}</h1>
        </header>
        {link.state === 'loading' ? <Spin style={{ display: 'block', marginTop: 48 }} /> : null}
        {link.state === 'unusable' ? (
          <Result
            status="warning"
            title={t('passwordLink.unusable')}
            subTitle={link.reason}
            extra={<Link to="/login">{t('passwordLink.toLogin')}</Link>}
          />
        ) : null}
        {link.state === 'done' ? (
          <Result
            status="success"
            title={t('passwordLink.done')}
            extra={
              <Link to="/login">
                <Button type="primary">{t('passwordLink.toLogin')}</Button>
              </Link>
            }
          />
        ) : null}
        {link.state === 'usable' ? (
          <>
            <p className={styles.subtitle}>
              {t('passwordLink.welcome', { name: link.name, username: link.username })}
            </p>
            {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 24 }} /> : null}
            <Form form={form} size="large" layout="vertical" onFinish={submit}>
              <Form.Item
                name="newPassword"
                label={t('passwordLink.password')}
                extra={t('passwordLink.rule')}
                rules={limits.newPassword.rules}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="confirm"
                label={t('passwordLink.confirm')}
                dependencies={['newPassword']}
                rules={confirmRules('newPassword', t('passwordLink.mismatch'))}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={saving}>
                {t('passwordLink.submit')}
              </Button>
            </Form>
          </>
        ) : null}
      </div>
    </main>
  );
}
