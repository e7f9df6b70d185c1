/** The 客户 page's dialogs: change a lead's school, merge a lead into another, merge another school into this one. */
import type { SchoolAccount, SchoolAccountDetail } from '@yuexun/contract';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSubmit } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import {
  listSchoolAccounts,
  mergeLeads,
  mergeSchools,
  moveLeadToSchool,
} from '../../../services/school-accounts';

type AccountLead = SchoolAccountDetail['leads'][number];

interface Dialog {
  onClose: () => void;
  onDone: () => void;
}

export function MoveLeadModal({ lead, onClose, onDone }: Dialog & { lead: AccountLead | null }) {
  const { t } = useIntl();
  const [form] = Form.useForm<{ schoolName: string; region: string }>();
  const { saving, run } = useSubmit(form, { done: t('accounts.done') });
  const save = () =>
    run(async () => {
      const values = await form.validateFields();
      if (!lead) return;
      await moveLeadToSchool(lead.id, values.schoolName, values.region);
      onClose();
      onDone();
    });
  return (
    <Modal
      open={lead !== null}
      title={t('accounts.move.title', { id: lead?.id ?? '' })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('accounts.move.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="schoolName" label={t('accounts.name')} rules={[{ required: true, max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="region" label={t('accounts.region')} rules={[{ required: true, max: 100 }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function MergeLeadModal({
  lead,
  leads,
  onClose,
  onDone,
}: Dialog & { lead: AccountLead | null; leads: AccountLead[] }) {
  const { t } = useIntl();
  const [form] = Form.useForm<{ targetLeadId: number }>();
  const { saving, run } = useSubmit(form, { done: t('accounts.done') });
  const save = () =>
    run(async () => {
      const { targetLeadId } = await form.validateFields();
      if (!lead) return;
      await mergeLeads(lead.id, targetLeadId);
      onClose();
      onDone();
    });
  return (
    <Modal
      open={lead !== null}
      title={t('accounts.mergeLead.title', { id: lead?.id ?? '' })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('accounts.mergeLead.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="targetLeadId" label={t('accounts.mergeLead.target')} rules={[{ required: true }]}>
          <Select
            options={leads
              .filter((l) => l.id !== lead?.id)
              .map((l) => ({ value: l.id, label: `#${l.id} ${l.contactName} ${l.phone}` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function MergeSchoolModal({
  open,
  account,
  onClose,
  onDone,
}: Dialog & { open: boolean; account: SchoolAccount }) {
  const { t } = useIntl();
  const [form] = Form.useForm<{ sourceAccountId: number }>();
  const { saving, run } = useSubmit(form, { done: t('accounts.done') });
  const [keyword, setKeyword] = useState('');
  const [choices, setChoices] = useState<SchoolAccount[]>([]);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      listSchoolAccounts({ pageSize: 20, keyword: keyword.trim() || undefined }).then((page) =>
        setChoices(page.datas.filter((a) => a.id !== account.id)),
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [open, keyword, account.id]);
  const save = () =>
    run(async () => {
      const { sourceAccountId } = await form.validateFields();
      await mergeSchools(sourceAccountId, account.id);
      onClose();
      onDone();
    });
  return (
    <Modal
      open={open}
      title={t('accounts.mergeSchool.title', { name: account.name })}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('accounts.mergeSchool.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="sourceAccountId"
          label={t('accounts.mergeSchool.source')}
          rules={[{ required: true }]}
        >
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            options={choices.map((a) => ({ value: a.id, label: `${a.name}（${a.region}）· ${a.leadCount}` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
