/** 获取验证码, or the seconds left before another SMS code may be asked for (registration; the login page draws its own without antd, pages/Login/LoginFields.tsx). */
import Button from 'antd/es/button';
import { useIntl } from '../../locales/intl';

export function CaptchaButton({ left, onClick }: { left: number; onClick: () => void }) {
  const { t } = useIntl();
  return (
    <Button disabled={left > 0} onClick={onClick}>
      {left > 0 ? t('login.captcha.countdown', { n: left }) : t('login.captcha.get')}
    </Button>
  );
}
