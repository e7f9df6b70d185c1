/**
 * Login (spec §2, §5, §8): account + password and phone + SMS captcha tabs, drawn like Ant Design Pro's
 * login. Free of antd (plain elements styled like antd's, components/plain), of the router and of the
 * initial state: this is the console's first page, served prerendered and hydrated by the light login shell
 * (boot/login.tsx), and also the /login route inside the console (decision 059). The request layer and the
 * contract load when the user acts (they carry the schemas); the language menu, the second step and toasts
 * load antd when they are needed.
 */
import { MOBILE_PHONE_PATTERN } from '@yuexun/contract/constants';
import { type FormEvent, lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { afterLoginTarget, hashQuery } from '../../app/navigation';
import { toast } from '../../app/toast';
import { useCountdown } from '../../components/countdown';
import { PlainAlert } from '../../components/plain/PlainAlert';
import { PlainButton } from '../../components/plain/PlainButton';
import styles from '../../components/sign-in/login.module.css';
import { useLoginOptions } from '../../components/sign-in/login-options';
import { SsoButtons } from '../../components/sign-in/SsoButtons';
import { LazyLanguageMenu } from '../../layouts/LazyLanguageMenu';
import { type MessageId, useIntl } from '../../locales/intl';
import { AccountFields, MobileFields } from './LoginFields';
import { type FieldName, type FieldRules, type LoginValues, useLoginFields } from './useLoginFields';

export type { LoginValues } from './useLoginFields';

type LoginType = 'account' | 'mobile';
/** Loaded only when a login needs a second step: the first page stays as light as before. */
const MfaStep = lazy(() => import('./MfaStep'));

const noSubscription = () => () => undefined;
/** The reasons the callback names (contract SSO_REFUSALS), each with its line in the login locale. */
const SSO_REASON =
  /^(not-configured|state|provider|token|not-linked|linked-elsewhere|disabled|no-session|other-org)$/;
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
  const rules = useMemo<FieldRules>(
    () => ({
      username: { required: t('login.username.required') },
      password: { required: t('login.password.required') },
      phone: {
        required: t('login.phone.required'),
        pattern: [MOBILE_PHONE_PATTERN, t('login.phone.invalid')],
      },
      captcha: { required: t('login.captcha.required') },
    }),
    [t],
  );
  const fields = useLoginFields(rules, typed);
  const [type, setType] = useState<LoginType>('account');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [second, setSecond] = useState<{ mode: 'verify' | 'enrol'; token: string }>();
  const countdown = useCountdown();
  const year = useYear();

  // The demo accounts' hint and the single sign-on buttons only where they exist: the prerendered page cannot know.
  const { demoAccounts, oidc, scan, ssoRequired } = useLoginOptions();

  // Back from the identity provider with a refusal (?sso=<reason>): said once the page is live.
  useEffect(() => {
    const reason = hashQuery().get('sso');
    if (reason && SSO_REASON.test(reason)) setFailure(t(`login.sso.refused.${reason}` as MessageId));
  }, [t]);

  useEffect(() => {
    document.title = `${t('menu.login')} - ${t('app.title')}`;
  }, [t]);

  const getCaptcha = async () => {
    const phone = fields.validate(['phone'])?.phone;
    if (phone === undefined) return;
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const names: FieldName[] = type === 'account' ? ['username', 'password'] : ['phone', 'captcha'];
    const values = fields.validate(names);
    if (values) void onFinish(values);
  };

  const onFinish = async (values: LoginValues) => {
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
          fields.setError('captcha', t('login.captcha.wrong'));
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
                fields.reset(['password', 'captcha']);
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
            {failure && (
              <PlainAlert kind="error" style={{ marginBottom: 24 }}>
                {failure}
              </PlainAlert>
            )}
            {/* method="dialog": pressed before the page is hydrated, the form does nothing instead of a native
            GET that would put the password into the address. */}
            <form method="dialog" autoComplete="on" noValidate onSubmit={onSubmit}>
              {type === 'account' ? (
                <AccountFields fields={fields} />
              ) : (
                <MobileFields
                  fields={fields}
                  left={countdown.left}
                  onGetCaptcha={() => void getCaptcha().catch(() => undefined)}
                />
              )}
              <div className={styles.submit}>
                <PlainButton kind="primary" htmlType="submit" large block loading={submitting}>
                  {t('login.submit')}
                </PlainButton>
              </div>
            </form>
            <SsoButtons oidc={oidc} scan={scan} />
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
