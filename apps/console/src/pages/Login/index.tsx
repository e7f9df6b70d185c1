/**
 * Login (spec §2, §5, §8): account + password and phone + SMS captcha tabs. Built from a few antd
 * components only: this is the console's first page and must load fast on phones. The request layer
 * and the contract load when the user acts (they carry the schemas).
 */
import LockOutlined from '@ant-design/icons/LockOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { MOBILE_PHONE_PATTERN } from '@yuexun/contract/constants';
import { Alert, App, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInitialState } from '../../app/initial-state';
import { afterLoginHash } from '../../app/navigation';
import { LazyLanguageMenu } from '../../layouts/LazyLanguageMenu';
import { useIntl } from '../../locales/intl';
import { useCountdown } from './countdown';
import styles from './login.module.css';

type LoginType = 'account' | 'mobile';
interface LoginValues {
  username?: string;
  password?: string;
  phone?: string;
  captcha?: string;
}

export default function Login() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const { refresh } = useInitialState();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  const [type, setType] = useState<LoginType>('account');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const countdown = useCountdown();

  useEffect(() => {
    document.title = `${t('menu.login')} - ${t('app.title')}`;
  }, [t]);

  const getCaptcha = async () => {
    const { phone } = await form.validateFields(['phone']);
    const { sendCaptcha, loginFailure } = await import('../../services/account');
    try {
      const res = await sendCaptcha(String(phone));
      message.success(t('login.captcha.sent'));
      countdown.start(res.datas[0]?.resendInSeconds ?? 60);
    } catch (error) {
      message.error(loginFailure(error).text ?? t('login.failure'));
    }
  };

  const onFinish = async (values: LoginValues) => {
    if (submitting) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      const { login, loginFailure } = await import('../../services/account');
      try {
        await login(
          type === 'account'
            ? { loginType: 'account', username: values.username ?? '', password: values.password ?? '' }
            : { loginType: 'mobile', phone: values.phone ?? '', captcha: values.captcha ?? '' },
        );
      } catch (error) {
        const reason = loginFailure(error);
        if (reason.kind === 'captcha') {
          form.setFields([{ name: 'captcha', errors: [t('login.captcha.wrong')] }]);
          message.error(t('login.captcha.wrong'));
          setFailure(t('login.captcha.wrong'));
        } else {
          message.error(t('login.failure'));
          setFailure(reason.text ?? t('login.failure'));
        }
        return;
      }
      message.success(t('login.success'));
      await refresh();
      navigate(afterLoginHash(params.get('redirect')).replace(/^#/, ''), { replace: true });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.lang}>
        <LazyLanguageMenu />
      </div>
      <div className={styles.card}>
        <header className={styles.header}>
          <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={44} height={44} />
          <h1 className={styles.title}>{t('app.title')}</h1>
        </header>
        <p className={styles.subtitle}>{t('login.subtitle')}</p>
        {/* Two buttons as tabs: antd Tabs would add ~11 KB gzipped to the first page. */}
        <div role="tablist" className={styles.tabs}>
          {(['account', 'mobile'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={type === key}
              className={type === key ? `${styles.tab} ${styles.active}` : styles.tab}
              onClick={() => {
                setType(key);
                setFailure(undefined);
              }}
            >
              {t(key === 'account' ? 'login.tab.account' : 'login.tab.mobile')}
            </button>
          ))}
        </div>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 24 }} />}
        <Form form={form} size="large" onFinish={onFinish} autoComplete="on">
          {type === 'account' ? (
            <>
              <Form.Item name="username" rules={[{ required: true, message: t('login.username.required') }]}>
                <Input
                  prefix={<UserOutlined />}
                  placeholder={t('login.username.placeholder')}
                  aria-label={t('login.username')}
                  autoComplete="username"
                />
              </Form.Item>
              <Form.Item name="password" rules={[{ required: true, message: t('login.password.required') }]}>
                <Input.Password
                  prefix={<LockOutlined />}
                  placeholder={t('login.password.placeholder')}
                  aria-label={t('login.password')}
                  autoComplete="current-password"
                />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item
                name="phone"
                rules={[
                  { required: true, message: t('login.phone.required') },
                  { pattern: MOBILE_PHONE_PATTERN, message: t('login.phone.invalid') },
                ]}
              >
                <Input
                  prefix={<MobileOutlined />}
                  placeholder={t('login.phone.placeholder')}
                  aria-label={t('login.phone')}
                  inputMode="tel"
                  autoComplete="tel"
                  maxLength={11}
                />
              </Form.Item>
              <div className={styles.captchaRow}>
                <Form.Item
                  name="captcha"
                  style={{ flex: 1 }}
                  rules={[{ required: true, message: t('login.captcha.required') }]}
                >
                  <Input
                    prefix={<LockOutlined />}
                    placeholder={t('login.captcha.placeholder')}
                    aria-label={t('login.captcha')}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                  />
                </Form.Item>
                <Button
                  disabled={countdown.left > 0}
                  onClick={() => void getCaptcha().catch(() => undefined)}
                >
                  {countdown.left > 0
                    ? t('login.captcha.countdown', { n: countdown.left })
                    : t('login.captcha.get')}
                </Button>
              </div>
            </>
          )}
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {t('login.submit')}
            </Button>
          </Form.Item>
        </Form>
        <p className={styles.hint}>{t('login.hint')}</p>
        <p className={styles.register}>
          {t('login.register.prompt')} <Link to="/user/register">{t('login.register')}</Link>
        </p>
      </div>
      <footer className={styles.footer}>
        © {new Date().getFullYear()} {t('app.copyright')}
      </footer>
    </main>
  );
}
