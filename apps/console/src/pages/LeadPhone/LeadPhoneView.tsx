/**
 * The phone lead page (decision 065): what an alert's link opens. Plain React and CSS, no antd, ProTable or
 * ProLayout: the lead the alert named, the caller's recent leads, and a link to the full 销售线索 list. Someone
 * whose role may not read leads is refused here as the console's own route would refuse them.
 */
import { phoneLeadHash } from '@yuexun/contract/constants';
import { useIntl } from '../../locales/intl';
import { LeadCard } from './LeadCard';
import styles from './lead-phone.module.css';
import { useLeadPhone } from './useLeadPhone';

export function LeadPhoneView() {
  const { t } = useIntl();
  const { state, replace } = useLeadPhone(t('leadPhone.fallback'));
  const lead = state.kind === 'ready' ? state.lead : null;
  const full = lead ? `#/content/leads?keyword=${encodeURIComponent(lead.phone)}` : '#/content/leads';

  return (
    <main className={styles.page}>
      <header className={styles.bar}>
        <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={24} height={24} />
        <h1>{t('leadPhone.title')}</h1>
        {state.kind === 'ready' && <a href={full}>{t('leadPhone.fullView')}</a>}
      </header>
      {state.kind === 'loading' && (
        <p className={styles.muted} role="status">
          {t('app.loading')}
        </p>
      )}
      {state.kind === 'refused' && (
        <section className={styles.card} role="alert" data-testid="phone-lead-refused">
          <h2>{t('leadPhone.refused')}</h2>
          <p className={styles.muted}>{t('leadPhone.refusedHint')}</p>
          <a href="#/welcome">{t('leadPhone.toConsole')}</a>
        </section>
      )}
      {state.kind === 'failed' && (
        <section className={styles.card} role="alert">
          <p className={styles.error}>{t('leadPhone.failed', { message: state.message })}</p>
          <a href={window.location.hash} onClick={() => window.location.reload()}>
            {t('leadPhone.retry')}
          </a>
        </section>
      )}
      {state.kind === 'ready' && (
        <>
          {lead ? (
            <LeadCard key={lead.id} lead={lead} access={state.access} onChanged={replace} />
          ) : (
            <section className={styles.card} role="alert">
              <p>{t('leadPhone.notFound')}</p>
            </section>
          )}
          <section className={styles.card} aria-labelledby="recent-title">
            <h3 id="recent-title">{t('leadPhone.recent')}</h3>
            {state.recent === null && <p className={styles.muted}>{t('app.loading')}</p>}
            {state.recent?.length === 0 && <p className={styles.muted}>{t('leadPhone.recentEmpty')}</p>}
            <ul className={styles.recent}>
              {state.recent?.map((r) => (
                <li key={r.id}>
                  <a href={phoneLeadHash(r.id, r.phone)} aria-current={r.id === lead?.id}>
                    <strong>{(r.kind === 'agent' ? r.companyName : r.schoolName) || r.contactName}</strong>
                    <br />
                    <span className={styles.muted}>
                      {r.contactName} · {t(`leads.status.${r.status}`)}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </main>
  );
}

export default LeadPhoneView;
