/**
 * One lead on the phone page (decision 065): who and where, a call button, the status moves and the follow-up
 * form the caller's role allows (leads.write, as the drawer), the WeCom contact and the timeline.
 */
import type {
  AdminLead,
  FollowUpKind,
  LeadStatus,
  LeadTimelineEntry,
  LeadWecomContactView,
} from '@yuexun/contract';
import { FOLLOW_UP_KINDS, FOLLOW_UP_NOTE_MAX, leadNextStatuses } from '@yuexun/contract/constants';
import { type FormEvent, useState } from 'react';
import type { Access } from '../../access';
import { describeEntry } from '../../components/leads/timeline-text';
import { PlainButton } from '../../components/plain/PlainButton';
import { TimeText } from '../../components/time/TimeText';
import { useIntl } from '../../locales/intl';
import styles from './lead-phone.module.css';
import { addFollowUp, moveLead, useLeadDetails } from './useLeadPhone';

const tagClass = (status: LeadStatus) =>
  [styles.tag, status === 'lost' && styles.lost, status === 'won' && styles.won].filter(Boolean).join(' ');

export function LeadCard({
  lead,
  access,
  onChanged,
}: {
  lead: AdminLead;
  access: Access;
  onChanged: (lead: AdminLead) => void;
}) {
  const { t } = useIntl();
  const fallback = t('leadPhone.fallback');
  const { timeline, wecom } = useLeadDetails(lead);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [kind, setKind] = useState<FollowUpKind>('call');
  const [note, setNote] = useState('');

  const run = async (change: () => Promise<AdminLead>, message: string) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      onChanged(await change());
      setDone(message);
      return true;
    } catch (failure) {
      setError((failure instanceof Error && failure.message) || fallback);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const move = (status: LeadStatus) =>
    run(() => moveLead(lead, status), t('leads.moved', { status: t(`leads.status.${status}`) }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError(t('leadPhone.noteRequired'));
      return;
    }
    if (await run(() => addFollowUp(lead, kind, note.trim()), t('leads.followUpSaved'))) setNote('');
  };

  const organisation = lead.kind === 'agent' ? lead.companyName : lead.schoolName;
  const next = leadNextStatuses[lead.status];
  const fields: [string, React.ReactNode][] = [
    [t('leads.contact'), lead.contactName],
    [
      t('leads.phone'),
      <a key="phone" href={`tel:${lead.phone}`}>
        {lead.phone}
      </a>,
    ],
    [lead.kind === 'agent' ? t('leads.company') : t('leads.school'), organisation || '-'],
    [t('leads.region'), lead.region || '-'],
    [t('leads.owner'), lead.owner ?? t('leads.unassigned')],
    [t('leads.product'), lead.interestedProductName ?? '-'],
    [t('leads.message'), lead.message || '-'],
    [t('leads.createdAt'), <TimeText key="created" iso={lead.createdAt} />],
    ...(lead.nextFollowUpAt
      ? ([[t('leads.nextFollowUp'), <TimeText key="next" iso={lead.nextFollowUpAt} />]] as [
          string,
          React.ReactNode,
        ][])
      : []),
  ];

  return (
    <>
      <section className={styles.card} aria-labelledby="lead-title" data-testid="phone-lead">
        <h2 id="lead-title">{organisation || lead.contactName}</h2>
        <span className={tagClass(lead.status)} data-testid="lead-status">
          {t(`leads.status.${lead.status}`)}
        </span>
        <span className={styles.muted}>{t(`leads.kind.${lead.kind}`)}</span>
        <a className={styles.call} href={`tel:${lead.phone}`}>
          {t('leadPhone.call', { phone: lead.phone })}
        </a>
        <dl className={styles.fields}>
          {fields.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {done && (
        <div className={styles.notice} role="status">
          {done}
        </div>
      )}
      {error && (
        <div className={`${styles.notice} ${styles.error}`} role="alert">
          {error}
        </div>
      )}
      <section className={styles.card} aria-labelledby="lead-status-title">
        <h3 id="lead-status-title">{t('leadPhone.status')}</h3>
        {next.length === 0 && <p className={styles.muted}>{t('leads.final')}</p>}
        {access.canEditLeads ? (
          <div className={styles.actions}>
            {next.map((status) => (
              <PlainButton
                key={status}
                kind={status === 'lost' ? 'default' : 'primary'}
                disabled={busy}
                onClick={() => void move(status)}
              >
                {t('leads.moveTo', { status: t(`leads.status.${status}`) })}
              </PlainButton>
            ))}
          </div>
        ) : (
          <p className={styles.muted}>{t('leadPhone.readOnly')}</p>
        )}
      </section>
      {access.canEditLeads && (
        <section className={styles.card} aria-labelledby="lead-follow-title">
          <h3 id="lead-follow-title">{t('leads.addFollowUp')}</h3>
          <form className={styles.form} onSubmit={(e) => void submit(e)}>
            <label htmlFor="follow-kind">{t('leads.followUpKind')}</label>
            <select id="follow-kind" value={kind} onChange={(e) => setKind(e.target.value as FollowUpKind)}>
              {FOLLOW_UP_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`leads.timeline.${k}`)}
                </option>
              ))}
            </select>
            <label htmlFor="follow-note">{t('leads.followUpNote')}</label>
            <textarea
              id="follow-note"
              rows={3}
              maxLength={FOLLOW_UP_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <PlainButton kind="primary" large htmlType="submit" loading={busy}>
              {t('leads.addFollowUp')}
            </PlainButton>
          </form>
        </section>
      )}
      {wecom && <Wecom view={wecom} />}
      <section className={styles.card} aria-labelledby="lead-timeline-title">
        <h3 id="lead-timeline-title">{t('leads.timelineTitle')}</h3>
        {timeline && timeline.length === 0 && <p className={styles.muted}>{t('leads.timelineEmpty')}</p>}
        {timeline && timeline.length > 0 && <Timeline entries={timeline} />}
      </section>
    </>
  );
}

function Wecom({ view }: { view: LeadWecomContactView }) {
  const { t } = useIntl();
  return (
    <section className={styles.card} aria-labelledby="lead-wecom-title">
      <h3 id="lead-wecom-title">{t('leads.wecom.title')}</h3>
      {view.status === 'ready' && view.qrCode ? (
        <img className={styles.qr} src={view.qrCode} alt={t('leads.wecom.qr')} data-testid="wecom-qr" />
      ) : view.status === 'failed' ? (
        <p className={styles.error}>
          {t(view.mode === 'acquisition_link' ? 'leads.wecom.linkFailed' : 'leads.wecom.failed', {
            reason: view.reason ?? '',
          })}
        </p>
      ) : (
        <p className={styles.muted}>
          {t(view.mode === 'acquisition_link' ? 'leads.wecom.linkPending' : 'leads.wecom.pending')}
        </p>
      )}
      {view.externalUserId ? (
        <p data-testid="wecom-binding">
          {t('leads.wecom.bound', { name: view.contactName || view.externalUserId })}{' '}
          {view.removedAt && (
            <span className={`${styles.tag} ${styles.lost}`}>{t('leads.wecom.removed')}</span>
          )}
        </p>
      ) : (
        <p className={styles.muted}>{t('leads.wecom.unbound')}</p>
      )}
    </section>
  );
}

function Timeline({ entries }: { entries: LeadTimelineEntry[] }) {
  const { t } = useIntl();
  return (
    <ol className={styles.timeline}>
      {entries.map((e) => (
        <li key={e.id} data-testid="timeline-entry">
          <strong>{t(`leads.timeline.${e.kind}`)}</strong>
          <span className={styles.muted}>
            {' · '}
            <TimeText iso={e.createdAt} /> · {e.accountName ?? t('leads.timeline.system')}
          </span>
          <div style={{ whiteSpace: 'pre-wrap' }}>{describeEntry(t, e)}</div>
        </li>
      ))}
    </ol>
  );
}
