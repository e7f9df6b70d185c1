/**
 * What binding an authenticator shows: the steps, the QR code (an SVG from the server, shown as an image)
 * and the same secret to type by hand. Plain elements only: also used by the login page's enrolment step.
 */
import type { MfaEnrolment } from '@yuexun/contract';
import { useIntl } from '../../locales/intl';
import styles from './mfa.module.css';

export const EnrolmentPanel = ({ enrolment }: { enrolment: MfaEnrolment }) => {
  const { t } = useIntl();
  return (
    <div data-testid="mfa-enrolment">
      <ol className={styles.steps}>
        <li>{t('mfa.enrol.step1')}</li>
        <li>{t('mfa.enrol.step2')}</li>
        <li>{t('mfa.enrol.step3')}</li>
      </ol>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={t('mfa.enrol.qr')}
        width={184}
        height={184}
      />
      <p className={styles.note} style={{ textAlign: 'center' }}>
        {t('mfa.enrol.manual')}
      </p>
      <code className={styles.secret} data-testid="mfa-secret" dir="ltr">
        {enrolment.secret}
      </code>
    </div>
  );
};

/** The ten recovery codes, shown once, with a way to keep them (copy, or a text file). */
export const RecoveryCodesPanel = ({ codes }: { codes: string[] }) => {
  const { t } = useIntl();
  const text = `${codes.join('\n')}\n`;
  return (
    <div data-testid="mfa-recovery-codes">
      <p className={styles.note}>{t('mfa.recovery.once')}</p>
      <ul className={styles.codes}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <p className={styles.note}>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="yuexun-recovery-codes.txt"
        >
          {t('mfa.recovery.download')}
        </a>
        {' · '}
        <button
          type="button"
          className={styles.link}
          onClick={() => void navigator.clipboard?.writeText(text)}
        >
          {t('mfa.recovery.copy')}
        </button>
      </p>
    </div>
  );
};
