/**
 * A lead's timeline, newest first: calls, visits, notes with their next follow-up date, status changes and
 * assignments, each with who and when; above it the form for the next follow-up.
 */
import {
  type AdminLead,
  addLeadFollowUpAdmin,
  FOLLOW_UP_KINDS,
  type FollowUpKind,
  type LeadTimelineEntry,
} from '@yuexun/contract';
import { Button, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { limitsOf } from '../../../components/form-limits';
import { fromPickerValue, pickerNow } from '../../../components/time/time';
import { useSubmit } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { addFollowUp, listTimeline } from '../../../services/leads';
import { TimelineEntries } from './TimelineEntries';

const limits = limitsOf(addLeadFollowUpAdmin.input);

interface Values {
  kind: FollowUpKind;
  note: string;
  nextAt?: Dayjs | null;
}

export function LeadTimeline({ lead, onChanged }: { lead: AdminLead; onChanged: (lead: AdminLead) => void }) {
  const { t } = useIntl();
  const [form] = Form.useForm<Values>();
  const canEdit = useInitialState().access.canEditLeads;
  const { saving, run } = useSubmit(form, { done: t('leads.followUpSaved') });
  const [entries, setEntries] = useState<LeadTimelineEntry[] | null>(null);

  const load = useCallback(() => {
    listTimeline(lead.id).then(setEntries, () => setEntries([]));
  }, [lead.id]);
  // Reloaded whenever the lead changes (a status move or an assignment adds an entry too).
  useEffect(() => {
    if (lead.version > 0) load();
  }, [load, lead.version]);

  const save = (values: Values) =>
    run(async () => {
      const updated = await addFollowUp(lead, {
        kind: values.kind,
        note: values.note,
        ...(values.nextAt ? { nextAt: fromPickerValue(values.nextAt) } : {}),
      });
      form.resetFields();
      onChanged(updated);
    });

  return (
    <section aria-labelledby="lead-timeline-title">
      <Typography.Title level={5} id="lead-timeline-title">
        {t('leads.timelineTitle')}
      </Typography.Title>
      {canEdit && (
        <Form<Values>
          form={form}
          name="followUp"
          layout="vertical"
          initialValues={{ kind: 'call' }}
          onFinish={save}
          style={{ marginBottom: 16 }}
        >
          <Space wrap align="start" style={{ width: '100%' }}>
            <Form.Item name="kind" label={t('leads.followUpKind')} style={{ marginBottom: 8 }}>
              <Select
                style={{ width: 120 }}
                options={FOLLOW_UP_KINDS.map((k) => ({ value: k, label: t(`leads.timeline.${k}`) }))}
              />
            </Form.Item>
            <Form.Item name="nextAt" label={t('leads.nextFollowUp')} style={{ marginBottom: 8 }}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(pickerNow(), 'day')}
                style={{ width: 200 }}
              />
            </Form.Item>
          </Space>
          <Form.Item
            name="note"
            label={t('leads.followUpNote')}
            rules={limits.note.rules}
            style={{ marginBottom: 8 }}
          >
            <Input.TextArea rows={3} maxLength={limits.note.maxLength} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('leads.addFollowUp')}
          </Button>
        </Form>
      )}
      {entries && entries.length === 0 && (
        <Typography.Text type="secondary">{t('leads.timelineEmpty')}</Typography.Text>
      )}
      {entries && entries.length > 0 && <TimelineEntries entries={entries} />}
    </section>
  );
}
