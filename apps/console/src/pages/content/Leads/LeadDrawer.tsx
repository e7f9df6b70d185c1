/**
 * One lead: the pipeline as steps with the allowed next moves, the owner (picked from the staff), its
 * details and where it came from, its 访问轨迹 (the pages read before sending), and its timeline with the form
 * for the next follow-up.
 */
import {
  type AdminLead,
  DEVICE_CLASSES,
  deviceClassLabels,
  isOneOf,
  type LeadStatus,
  leadFileUrl,
  leadNextStatuses,
  leadOrganisation,
  schoolTypeLabels,
  sourceLabel,
  teamSizeLabels,
} from '@yuexun/contract';
import { App, Button, Descriptions, Drawer, Grid, Select, Space, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { TimeText } from '../../../components/time/TimeText';
import { useSubmit } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { announceLeadsChanged } from '../../../services/lead-events';
import { listLeadOwners, markLeadSeen, updateLead, withCurrent } from '../../../services/leads';
import { LeadScore } from './LeadScore';
import { LeadTimeline } from './LeadTimeline';
import { VisitTrail } from './VisitTrail';
import { WecomContact } from './WecomContact';

const PIPELINE: LeadStatus[] = ['new', 'contacted', 'qualified', 'won'];

export function LeadDrawer({
  lead,
  onClose,
  onChanged,
}: {
  lead: AdminLead;
  onClose: () => void;
  onChanged: (lead: AdminLead) => void;
}) {
  const { t } = useIntl();
  // Phones: each question above its answer, so a long consent line leaves the answer the full width.
  const layout = Grid.useBreakpoint().sm === false ? 'vertical' : 'horizontal';
  // Without leads.write the lead is shown, not changed (the server would refuse the change).
  const canEdit = useInitialState().access.canEditLeads;
  const { message } = App.useApp();
  const { saving, run } = useSubmit(undefined, { quiet: true });
  const [owners, setOwners] = useState<{ value: number; label: string }[]>([]);

  useEffect(() => {
    listLeadOwners().then(
      (list) => setOwners(list.map((o) => ({ value: o.accountId, label: o.name }))),
      () => setOwners([]),
    );
  }, []);

  // Opening a lead is seeing it: the menu's 新线索 badge goes down.
  const unseen = lead.seenAt === null;
  useEffect(() => {
    if (unseen) markLeadSeen(lead.id).then(announceLeadsChanged, () => undefined);
  }, [unseen, lead.id]);

  const save = (change: { status?: LeadStatus; ownerAccountId?: number | null }) =>
    run(async () => {
      const updated = await updateLead(lead, change);
      if (change.status) message.success(t('leads.moved', { status: t(`leads.status.${change.status}`) }));
      else message.success(updated.owner ? t('leads.assigned', { name: updated.owner }) : t('common.saved'));
      onChanged(updated);
      announceLeadsChanged();
    });

  const lost = lead.status === 'lost';
  const current = lost ? PIPELINE.length : PIPELINE.indexOf(lead.status);
  const next = leadNextStatuses[lead.status];
  const item = (label: string, children: React.ReactNode) => ({ key: label, label, children });
  // A lead sent with a form (every lead since forms are data): its answers under the questions it answered.
  const answered = lead.answers.map((a) => ({
    key: `answer-${a.key}`,
    label: a.label,
    // A file the visitor sent (招标文件): a download the server allows only to staff who may read this lead.
    children: a.fileUuid ? (
      <a href={leadFileUrl(lead.id, a.fileUuid)} download>
        {a.text}
      </a>
    ) : a.key === 'phone' && a.text ? (
      <a href={`tel:${a.text}`}>{a.text}</a>
    ) : (
      a.text || '-'
    ),
  }));
  const details =
    answered.length > 0
      ? [
          ...answered,
          ...(lead.interestedProductName ? [item(t('leads.product'), lead.interestedProductName)] : []),
        ]
      : lead.kind === 'agent'
        ? [
            item(t('leads.company'), lead.companyName),
            item(t('leads.contact'), lead.contactName),
            item(t('leads.phone'), <a href={`tel:${lead.phone}`}>{lead.phone}</a>),
            item(t('leads.agentRegion'), lead.region),
            item(t('leads.businessScope'), lead.businessScope),
            item(t('leads.teamSize'), lead.teamSize ? teamSizeLabels[lead.teamSize] : '-'),
          ]
        : [
            item(t('leads.contact'), lead.contactName),
            item(t('leads.phone'), <a href={`tel:${lead.phone}`}>{lead.phone}</a>),
            item(t('leads.school'), lead.schoolName),
            item(t('leads.region'), lead.region),
            item(t('leads.schoolType'), lead.schoolType ? schoolTypeLabels[lead.schoolType] : '-'),
            item(t('leads.role'), lead.role),
            item(t('leads.product'), lead.interestedProductName ?? '-'),
          ];
  const utm = [lead.utmSource, lead.utmMedium, lead.utmCampaign];
  const origin = [
    item(t('leads.message'), lead.message || '-'),
    item(
      t('leads.origin'),
      `${sourceLabel(lead.source)}${lead.searchKeyword ? ` · ${t('leads.searchKeyword', { keyword: lead.searchKeyword })}` : ''}`,
    ),
    item(t('leads.utm'), utm.some(Boolean) ? utm.map((v) => v || '-').join(' / ') : '-'),
    item(t('leads.landingPage'), lead.landingPage || '-'),
    item(t('leads.source'), lead.sourcePage || '-'),
    item(
      t('leads.device'),
      isOneOf(DEVICE_CLASSES, lead.deviceClass) ? deviceClassLabels[lead.deviceClass] : '-',
    ),
    item(t('leads.createdAt'), <TimeText iso={lead.createdAt} />),
  ];

  return (
    <Drawer
      open
      title={`${t(`leads.kind.${lead.kind}`)} · ${leadOrganisation(lead)}`}
      size="large"
      onClose={onClose}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={lost ? 0 : current}
        status={lost ? 'error' : lead.status === 'won' ? 'finish' : 'process'}
        items={PIPELINE.map((s) => ({ title: t(`leads.status.${s}`) }))}
        style={{ marginBottom: 16 }}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        {next.length === 0 && <span>{t('leads.final')}</span>}
        {(canEdit ? next : []).map((status) => (
          <Button
            key={status}
            type={status === 'lost' ? 'default' : 'primary'}
            danger={status === 'lost'}
            loading={saving}
            onClick={() => save({ status })}
          >
            {t('leads.moveTo', { status: t(`leads.status.${status}`) })}
          </Button>
        ))}
      </Space>
      <Space wrap align="center" style={{ marginBottom: 24, width: '100%' }}>
        <label htmlFor="lead-owner">
          <Typography.Text strong>{t('leads.owner')}</Typography.Text>
        </label>
        <Select
          id="lead-owner"
          aria-label={t('leads.owner')}
          style={{ minWidth: 200 }}
          allowClear
          placeholder={lead.owner ?? t('leads.unassigned')}
          value={lead.ownerAccountId ?? undefined}
          options={withCurrent(owners, lead.ownerAccountId, lead.owner)}
          disabled={!canEdit}
          loading={saving}
          onChange={(value: number | undefined) => save({ ownerAccountId: value ?? null })}
        />
        {lead.nextFollowUpAt && (
          <Typography.Text type="secondary">
            {t('leads.nextFollowUp')}：<TimeText iso={lead.nextFollowUpAt} />
          </Typography.Text>
        )}
      </Space>
      <Descriptions
        column={1}
        size="small"
        bordered
        layout={layout}
        title={
          lead.formName && lead.formVersion
            ? t('leads.formAnswers', { name: lead.formName, version: lead.formVersion })
            : undefined
        }
        style={{ marginBottom: 24 }}
        items={details}
      />
      <LeadScore lead={lead} />
      <VisitTrail leadId={lead.id} />
      <WecomContact leadId={lead.id} layout={layout} />
      <LeadTimeline lead={lead} onChanged={onChanged} />
      <Descriptions
        column={1}
        size="small"
        bordered
        layout={layout}
        title={t('leads.originTitle')}
        style={{ marginTop: 24 }}
        items={origin}
      />
    </Drawer>
  );
}
