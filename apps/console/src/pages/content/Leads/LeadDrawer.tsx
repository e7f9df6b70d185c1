/** One lead: its details, the pipeline as steps with the allowed next moves, owner and notes. */
import {
  type AdminLead,
  DEVICE_CLASSES,
  deviceClassLabels,
  isOneOf,
  type LeadStatus,
  leadNextStatuses,
  leadOrganisation,
  schoolTypeLabels,
  sourceLabel,
  teamSizeLabels,
  updateLeadAdmin,
} from '@yuexun/contract';
import { App, Button, Descriptions, Drawer, Form, Input, Space, Steps } from 'antd';
import { limitsOf } from '../../../components/form-limits';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { updateLead } from '../../../services/leads';
import { isConflict, useSubmit } from '../shared/useSubmit';

const limits = limitsOf(updateLeadAdmin.input);
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
  const { message } = App.useApp();
  const [form] = Form.useForm<{ owner: string; notes: string }>();
  const { saving, run } = useSubmit(form);

  const save = (change: { status?: LeadStatus; owner?: string; notes?: string }) =>
    run(async () => {
      try {
        const updated = await updateLead(lead, change);
        if (change.status) message.success(t('leads.moved', { status: t(`leads.status.${change.status}`) }));
        else message.success(t('common.saved'));
        onChanged(updated);
      } catch (error) {
        if (isConflict(error)) message.warning(t('content.conflict'));
        throw error;
      }
    });

  const lost = lead.status === 'lost';
  const current = lost ? PIPELINE.length : PIPELINE.indexOf(lead.status);
  const next = leadNextStatuses[lead.status];

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
      <Space wrap style={{ marginBottom: 24 }}>
        {next.length === 0 && <span>{t('leads.final')}</span>}
        {next.map((status) => (
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
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('leads.status')}>{t(`leads.status.${lead.status}`)}</Descriptions.Item>
        {lead.kind === 'agent' ? (
          <>
            <Descriptions.Item label={t('leads.company')}>{lead.companyName}</Descriptions.Item>
            <Descriptions.Item label={t('leads.contact')}>{lead.contactName}</Descriptions.Item>
            <Descriptions.Item label={t('leads.phone')}>{lead.phone}</Descriptions.Item>
            <Descriptions.Item label={t('leads.agentRegion')}>{lead.region}</Descriptions.Item>
            <Descriptions.Item label={t('leads.businessScope')}>{lead.businessScope}</Descriptions.Item>
            <Descriptions.Item label={t('leads.teamSize')}>
              {lead.teamSize ? teamSizeLabels[lead.teamSize] : '-'}
            </Descriptions.Item>
          </>
        ) : (
          <>
            <Descriptions.Item label={t('leads.contact')}>{lead.contactName}</Descriptions.Item>
            <Descriptions.Item label={t('leads.phone')}>{lead.phone}</Descriptions.Item>
            <Descriptions.Item label={t('leads.school')}>{lead.schoolName}</Descriptions.Item>
            <Descriptions.Item label={t('leads.region')}>{lead.region}</Descriptions.Item>
            <Descriptions.Item label={t('leads.schoolType')}>
              {lead.schoolType ? schoolTypeLabels[lead.schoolType] : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('leads.role')}>{lead.role}</Descriptions.Item>
            <Descriptions.Item label={t('leads.product')}>
              {lead.interestedProductName ?? '-'}
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t('leads.message')}>{lead.message || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('leads.origin')}>
          {sourceLabel(lead.source)}
          {lead.searchKeyword ? ` · ${t('leads.searchKeyword', { keyword: lead.searchKeyword })}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('leads.utm')}>
          {lead.utmSource || lead.utmMedium || lead.utmCampaign
            ? [lead.utmSource, lead.utmMedium, lead.utmCampaign].map((v) => v || '-').join(' / ')
            : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('leads.landingPage')}>{lead.landingPage || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('leads.source')}>{lead.sourcePage || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('leads.device')}>
          {isOneOf(DEVICE_CLASSES, lead.deviceClass) ? deviceClassLabels[lead.deviceClass] : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('leads.createdAt')}>
          <TimeText iso={lead.createdAt} />
        </Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ owner: lead.owner ?? '', notes: lead.notes }}
        onFinish={(values) => save(values)}
      >
        <Form.Item name="owner" label={t('leads.owner')} rules={limits.owner.rules}>
          <Input maxLength={limits.owner.maxLength} />
        </Form.Item>
        <Form.Item name="notes" label={t('leads.notes')} rules={limits.notes.rules}>
          <Input.TextArea rows={5} maxLength={limits.notes.maxLength} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('leads.saveNotes')}
        </Button>
      </Form>
    </Drawer>
  );
}
