/**
 * Login (spec §2, §5, §8): account + password and phone + SMS captcha tabs. Built from a few antd
 * components only and free of the router and the initial state: this is the console's first page, served
 * prerendered and hydrated by the light login shell (boot/login.tsx), and also the /login route inside the
 * console. The request layer and the contract load when the user acts (they carry the schemas).
 */
import LockOutlined from '@ant-design/icons/LockOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import {
  CAPTCHA_LENGTH,
  CONSOLE_PATH,
  MOBILE_PHONE_LENGTH,
  MOBILE_PHONE_PATTERN,
} from '@yuexun/contract/constants';
// Deep imports: antd's index pulls in modules that never shake out (colour picker, collapse …).
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { afterLoginTarget, hashQuery } from '../../app/navigation';
import { toast } from '../../app/toast';
import { useCountdown } from '../../components/countdown';
import { CaptchaButton } from '../../components/sign-in/CaptchaButton';
import styles from '../../components/sign-in/login.module.css';
import { LazyLanguageMenu } from '../../layouts/LazyLanguageMenu';
import { type MessageId, useIntl } from '../../locales/intl';

type LoginType = 'account' | 'mobile';
/** Loaded only when a login needs a second step: the first page stays as light as before. */
const MfaStep = lazy(() => import('./MfaStep'));
export interface LoginValues {
  username?: string;
  password?: string;
  phone?: string;
  captcha?: string;
}

const noSubscription = () => () => undefined;
/** /auth/oidc/start beside the console (under the same BASE_PATH): up as many folders as the console's path has. */
const SSO_START = `${CONSOLE_PATH.split('/')
  .filter(Boolean)
  .map(() => '..')
  .join('/')}/auth/oidc/start`;
/** The reasons the callback names (contract SSO_REFUSALS), each with its line in the login locale. */
const SSO_REASON = /^(not-configured|state|provider|token|not-linked|linked-elsewhere|disabled|no-session)$/;
/** The current year; the prerendered page holds its build's year, so hydration matches, then updates. */
const useYear = () =>
  useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );

export interface LoginViewProps {
  /**
   * Called after a successful login with where to go: a console hash (the redirect address or the welcome
   * page), or the whole address of the site page the 登录 link came from.
   */
  onLoggedIn: (target: string) => void | Promise<void>;
  /** Fields typed into the prerendered page before it was hydrated (hydration resets them). */
  typed?: LoginValues;
}

export const LoginView = ({ onLoggedIn, typed }: LoginViewProps) => {
  const { t } = useIntl();
  const [form] = Form.useForm<LoginValues>();
  const [type, setType] = useState<LoginType>('account');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [second, setSecond] = useState<{ mode: 'verify' | 'enrol'; token: string }>();
  const countdown = useCountdown();
  const year = useYear();

  useEffect(() => {
    if (typed) form.setFieldsValue(typed);
  }, [form, typed]);

  // The demo accounts' hint only where they exist (SEED_DEMO), and 企业账号登录 only where it is configured
  // (登录方式): the prerendered page cannot know.
  const [demoAccounts, setDemoAccounts] = useState(false);
  const [oidc, setOidc] = useState(false);
  const [ssoRequired, setSsoRequired] = useState(false);
  useEffect(() => {
    fetch('login-options.json', { credentials: 'same-origin' })
      .then(
        (res): Promise<{ demoAccounts?: boolean; oidc?: boolean; ssoRequired?: boolean }> =>
          res.ok ? res.json() : Promise.resolve({}),
      )
      .then((options) => {
        setDemoAccounts(options.demoAccounts === true);
        setOidc(options.oidc === true);
        setSsoRequired(options.ssoRequired === true);
      })
      .catch(() => setDemoAccounts(false));
  }, []);

  // Back from the identity provider with a refusal (?sso=<reason>): said once the page is live.
  useEffect(() => {
    const reason = hashQuery().get('sso');
    if (reason && SSO_REASON.test(reason)) setFailure(t(`login.sso.refused.${reason}` as MessageId));
  }, [t]);

  useEffect(() => {
    document.title = `${t('menu.login')} - ${t('app.title')}`;
  }, [t]);

  const getCaptcha = async () => {
    const { phone } = await form.validateFields(['phone']);
    const { sendCaptcha, loginFailure } = await import('../../services/account');
    try {
      const res = await sendCaptcha(String(phone));
      void toast('success', t('login.captcha.sent'));
      countdown.start(res.datas[0]?.resendInSeconds ?? 60);
    } catch (error) {
      void toast('error', loginFailure(error).text ?? t('login.failure'));
    }
  };

  const finish = async () => {
    void toast('success', t('login.success'));
    await onLoggedIn(afterLoginTarget(hashQuery().get('redirect')));
  };

  const onFinish = async (values: LoginValues) => {
    if (submitting) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      const { login, loginFailure } = await import('../../services/account');
      let pending: { mode: 'verify' | 'enrol'; token: string } | undefined;
      try {
        const res = await login(
          type === 'account'
            ? { loginType: 'account', username: values.username ?? '', password: values.password ?? '' }
            : { loginType: 'mobile', phone: values.phone ?? '', captcha: values.captcha ?? '' },
        );
        const result = res.datas[0];
        if (result?.mfa && result.mfaToken) pending = { mode: result.mfa, token: result.mfaToken };
      } catch (error) {
        const reason = loginFailure(error);
        if (reason.kind === 'captcha') {
          form.setFields([{ name: 'captcha', errors: [t('login.captcha.wrong')] }]);
          void toast('error', t('login.captcha.wrong'));
          setFailure(t('login.captcha.wrong'));
        } else {
          void toast('error', t('login.failure'));
          setFailure(reason.text ?? t('login.failure'));
        }
        return;
      }
      if (pending) {
        setSecond(pending);
        return;
      }
      await finish();
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
        {second ? (
          <Suspense fallback={null}>
            <MfaStep
              mode={second.mode}
              token={second.token}
              onDone={finish}
              onBack={() => {
                setSecond(undefined);
                form.resetFields(['password', 'captcha']);
              }}
            />
          </Suspense>
        ) : (
          <>
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
            {/* method="dialog": pressed before the page is hydrated, the form does nothing instead of a native
            GET that would put the password into the address. */}
            <Form form={form} size="large" onFinish={onFinish} autoComplete="on" method="dialog">
              {type === 'account' ? (
                <>
                  <Form.Item
                    name="username"
                    rules={[{ required: true, message: t('login.username.required') }]}
                  >
                    <Input
                      prefix={<UserOutlined />}
                      placeholder={t('login.username.placeholder')}
                      aria-label={t('login.username')}
                      autoComplete="username"
                    />
                  </Form.Item>
                  <Form.Item
                    name="password"
                    rules={[{ required: true, message: t('login.password.required') }]}
                  >
                    <Password
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
                      dir="ltr"
                      maxLength={MOBILE_PHONE_LENGTH}
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
                        dir="ltr"
                        maxLength={CAPTCHA_LENGTH}
                      />
                    </Form.Item>
                    <CaptchaButton
                      left={countdown.left}
                      onClick={() => void getCaptcha().catch(() => undefined)}
                    />
                  </div>
                </>
              )}
              <Form.Item>
                <Button type="primary" htmlType="submit" block loading={submitting}>
                  {t('login.submit')}
                </Button>
              </Form.Item>
            </Form>
            {oidc && (
              <Button block size="large" href={SSO_START}>
                {t('login.sso')}
              </Button>
            )}
            {ssoRequired && <p className={styles.hint}>{t('login.sso.required')}</p>}
            {demoAccounts && <p className={styles.hint}>{t('login.hint')}</p>}
          </>
        )}
        <p className={styles.register}>
          {t('login.register.prompt')} <a href="#/user/register">{t('login.register')}</a>
        </p>
      </div>
      <footer className={styles.footer}>{t('app.copyright', { year })}</footer>
    </main>
  );
};
