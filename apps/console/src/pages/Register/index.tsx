/** Public teacher registration: choose a school, name, phone and SMS code → pending review. */

import {
  CAPTCHA_LENGTH,
  MOBILE_PHONE_LENGTH,
  MOBILE_PHONE_PATTERN,
  PERSON_NAME_MAX,
} from '@yuexun/contract/constants';
import { Alert, App, Button, Form, Input, Result, Select } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCountdown } from '../../components/countdown';
import { CaptchaButton } from '../../components/sign-in/CaptchaButton';
import styles from '../../components/sign-in/login.module.css';
import { useIntl } from '../../locales/intl';

interface School {
  tenantId: number;
  name: string;
  region: string;
}

export default function Register() {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [schools, setSchools] = useState<School[]>([]);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const countdown = useCountdown();

  useEffect(() => {
    void import('../../services/account').then(({ querySchools }) =>
      querySchools().then(
        (res) => setSchools(res.datas),
        () => setSchools([]),
      ),
    );
  }, []);

  const getCaptcha = async () => {
    const { phone } = await form.validateFields(['phone']);
    const { sendCaptcha, loginFailure } = await import('../../services/account');
    try {
      const res = await sendCaptcha(String(phone), 'register');
      message.success(t('login.captcha.sent'));
      countdown.start(res.datas[0]?.resendInSeconds ?? 60);
    } catch (error) {
      message.error(loginFailure(error).text ?? t('login.failure'));
    }
  };

  const onFinish = async (values: { tenantId: number; name: string; phone: string; captcha: string }) => {
    if (submitting) return;
    setSubmitting(true);
    setFailure(undefined);
    const { registerTeacher, loginFailure } = await import('../../services/account');
    const { fieldErrors } = await import('../../services/client');
    try {
      await registerTeacher(values);
      setDone(true);
    } catch (error) {
      const fields = fieldErrors(error);
      form.setFields(fields.map((f) => ({ name: f.field, errors: [f.message] })));
      const reason = loginFailure(error);
      setFailure(reason.kind === 'captcha' ? t('login.captcha.wrong') : (reason.text ?? t('login.failure')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <header className={styles.header}>
          <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={44} height={44} />
          <h1 className={styles.title}>{t('register.title')}</h1>
        </header>
        <p className={styles.subtitle}>{t('register.subtitle')}</p>
        {done ? (
          <Result
            status="success"
            title={t('register.success')}
            extra={<Link to="/login">{t('register.backToLogin')}</Link>}
          />
        ) : (
          <>
            {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 24 }} />}
            <Form form={form} size="large" layout="vertical" onFinish={onFinish}>
              <Form.Item
                name="tenantId"
                label={t('register.school')}
                rules={[{ required: true, message: t('register.school.required') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('register.school.placeholder')}
                  options={schools.map((s) => ({ value: s.tenantId, label: `${s.name}（${s.region}）` }))}
                />
              </Form.Item>
              <Form.Item
                name="name"
                label={t('register.name')}
                rules={[
                  { required: true, whitespace: true, message: t('register.name.required') },
                  { max: PERSON_NAME_MAX },
                ]}
              >
                <Input autoComplete="name" maxLength={PERSON_NAME_MAX} />
              </Form.Item>
              <Form.Item
                name="phone"
                label={t('login.phone')}
                rules={[
                  { required: true, message: t('login.phone.required') },
                  { pattern: MOBILE_PHONE_PATTERN, message: t('login.phone.invalid') },
                ]}
              >
                <Input inputMode="tel" autoComplete="tel" maxLength={MOBILE_PHONE_LENGTH} />
              </Form.Item>
              <Form.Item label={t('login.captcha')} required>
                <div className={styles.captchaRow}>
                  <Form.Item
                    name="captcha"
                    noStyle
                    rules={[{ required: true, message: t('login.captcha.required') }]}
                  >
                    <Input
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={CAPTCHA_LENGTH}
                      aria-label={t('login.captcha')}
                    />
                  </Form.Item>
                  <CaptchaButton
                    left={countdown.left}
                    onClick={() => void getCaptcha().catch(() => undefined)}
                  />
                </div>
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={submitting}>
                {t('register.submit')}
              </Button>
            </Form>
            <p className={styles.register}>
              <Link to="/login">{t('register.backToLogin')}</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
