/**
 * The login form's fields, account or phone: plain inputs drawn like antd's (components/plain), kept by
 * useLoginFields. Field ids are their names: the boot code reads what was typed before hydration by id.
 */
import LockOutlined from '@ant-design/icons/LockOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { CAPTCHA_LENGTH, MOBILE_PHONE_LENGTH } from '@yuexun/contract/constants';
import { PlainButton } from '../../components/plain/PlainButton';
import { PlainField, PlainInput } from '../../components/plain/PlainInput';
import styles from '../../components/sign-in/login.module.css';
import { useIntl } from '../../locales/intl';
import { isRtl } from '../../locales/list';
import type { FieldName, useLoginFields } from './useLoginFields';

type Fields = ReturnType<typeof useLoginFields>;

interface Props {
  fields: Fields;
  /** Seconds before another SMS code may be asked for. */
  left: number;
  onGetCaptcha: () => void;
}

/** What a field's input takes from the form: its id and name, value, message, and its change. */
const bindField = (fields: Fields, name: FieldName, rtl: boolean) => ({
  id: name,
  name,
  value: fields.values[name] ?? '',
  error: fields.errors[name],
  rtl,
  onChange: (event: { target: { value: string } }) => fields.change(name, event.target.value),
});

export const AccountFields = ({ fields }: Pick<Props, 'fields'>) => {
  const { t, lang } = useIntl();
  const bind = (name: FieldName) => bindField(fields, name, isRtl(lang));
  return (
    <>
      <PlainField id="username" error={fields.errors.username}>
        <PlainInput
          {...bind('username')}
          prefix={<UserOutlined />}
          placeholder={t('login.username.placeholder')}
          aria-label={t('login.username')}
          aria-required
          autoComplete="username"
        />
      </PlainField>
      <PlainField id="password" error={fields.errors.password}>
        <PlainInput
          {...bind('password')}
          prefix={<LockOutlined />}
          password={{ show: t('login.password.show'), hide: t('login.password.hide') }}
          placeholder={t('login.password.placeholder')}
          aria-label={t('login.password')}
          aria-required
          autoComplete="current-password"
        />
      </PlainField>
    </>
  );
};

export const MobileFields = ({ fields, left, onGetCaptcha }: Props) => {
  const { t, lang } = useIntl();
  const bind = (name: FieldName) => bindField(fields, name, isRtl(lang));
  return (
    <>
      <PlainField id="phone" error={fields.errors.phone}>
        <PlainInput
          {...bind('phone')}
          prefix={<MobileOutlined />}
          placeholder={t('login.phone.placeholder')}
          aria-label={t('login.phone')}
          aria-required
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          maxLength={MOBILE_PHONE_LENGTH}
        />
      </PlainField>
      <div className={styles.captchaRow}>
        <div style={{ flex: 1 }}>
          <PlainField id="captcha" error={fields.errors.captcha}>
            <PlainInput
              {...bind('captcha')}
              prefix={<LockOutlined />}
              placeholder={t('login.captcha.placeholder')}
              aria-label={t('login.captcha')}
              aria-required
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              maxLength={CAPTCHA_LENGTH}
            />
          </PlainField>
        </div>
        <PlainButton large disabled={left > 0} onClick={onGetCaptcha}>
          {left > 0 ? t('login.captcha.countdown', { n: left }) : t('login.captcha.get')}
        </PlainButton>
      </div>
    </>
  );
};
