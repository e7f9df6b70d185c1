/**
 * 备份计划: daily, on Mondays or off, the hour in Beijing time, and the number of archives kept; saved whole with
 * the version it was loaded with. Where the archives go (BACKUP_DIR) and whether they are encrypted are the
 * operator's settings, shown here and changed in the environment.
 */
import {
  BACKUP_SCHEDULES,
  type BackupOverview,
  type BackupSchedule,
  type BackupSettingsView,
  updateBackupSettingsAdmin,
} from '@yuexun/contract';
import { Card, Descriptions, Form, InputNumber, Radio, Select, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { limitsOf } from '../../../components/form-limits';
import { SaveBar } from '../../../components/SaveBar';
import { useSubmit } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { saveBackupSettings } from '../../../services/backups';

interface Values {
  schedule: BackupSchedule;
  hour: number;
  keep: number;
}

const limits = limitsOf(updateBackupSettingsAdmin.input);
const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: hour,
  label: `${String(hour).padStart(2, '0')}:00`,
}));

export function ScheduleForm({
  settings,
  onSaved,
}: {
  settings: BackupSettingsView;
  onSaved: (overview: BackupOverview) => void;
}) {
  const { t } = useIntl();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit(form, { done: t('backups.saved'), quiet: true });
  const schedule = Form.useWatch('schedule', form);
  const keepRange = { min: limits.keep.min ?? 1, max: limits.keep.max ?? 1 };

  useEffect(() => {
    form.setFieldsValue({ schedule: settings.schedule, hour: settings.hour, keep: settings.keep });
  }, [form, settings]);

  const submit = () =>
    run(async () => {
      const v = await form.validateFields();
      onSaved(await saveBackupSettings({ ...v, version: settings.version }));
    });

  return (
    <Card title={t('backups.schedule')} style={{ marginBottom: 24 }}>
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item name="schedule" label={t('backups.schedule.label')}>
          <Radio.Group
            optionType="button"
            options={BACKUP_SCHEDULES.map((s) => ({ value: s, label: t(`backups.schedule.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="hour" label={t('backups.hour')} extra={t('backups.hour.extra')}>
          <Select options={HOURS} disabled={schedule === 'off'} style={{ maxWidth: 160 }} />
        </Form.Item>
        <Form.Item
          name="keep"
          label={t('backups.keep')}
          extra={t('backups.keep.extra')}
          rules={[
            { required: true, type: 'integer', ...keepRange, message: t('backups.keep.range', keepRange) },
          ]}
        >
          {/* No min/max on the input itself: it would silently clamp a wrong number instead of saying so. */}
          <InputNumber precision={0} style={{ maxWidth: 160, width: '100%' }} />
        </Form.Item>
        <SaveBar
          saving={saving}
          onSave={submit}
          version={t('site.settings.version', { version: settings.version })}
        />
      </Form>
      <Descriptions column={1} size="small" layout="vertical">
        <Descriptions.Item label={t('backups.directory')}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {settings.directory}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item>
          {settings.encrypted ? (
            <Tag color="success">{t('backups.encrypted')}</Tag>
          ) : (
            <Typography.Text type="warning">{t('backups.unencrypted')}</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
