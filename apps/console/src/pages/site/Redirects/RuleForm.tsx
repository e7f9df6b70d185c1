/**
 * Create or edit a redirect rule. The contract's rules run before sending; the server's refusals (a loop,
 * its own target, an outside host, a duplicate) land under their fields.
 */
import {
  createRedirectRuleAdmin,
  REDIRECT_MATCH_TYPES,
  REDIRECT_STATUS_CODES,
  type RedirectRule,
} from '@yuexun/contract';
import { App, Form, Input, Modal, Radio, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { limitsOf } from '../../../components/form-limits';
import { useIntl } from '../../../locales/intl';
import { fieldErrors, newRequestKey } from '../../../services/client';
import { createRule, updateRule } from '../../../services/redirects';
import { isConflict, useSubmit } from '../../content/shared/useSubmit';

const input = createRedirectRuleAdmin.input.shape;
const limits = limitsOf(createRedirectRuleAdmin.input);

/** The contract's own check of a field, with its Chinese message. */
const contractRule = (field: 'fromPath' | 'toUrl'): Rule => ({
  validator: async (_rule, value: unknown) => {
    const parsed = input[field].safeParse(value ?? '');
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  },
});

interface Values {
  fromPath: string;
  matchType: RedirectRule['matchType'];
  toUrl: string;
  statusCode: '301' | '302';
  note?: string;
  enabled: boolean;
}

export function RuleForm({
  rule,
  fromPath,
  onClose,
  onSaved,
}: {
  rule: RedirectRule | null;
  /** A new rule's source, given by the 404 log. */
  fromPath?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit(form);
  const [requestKey] = useState(newRequestKey);

  const save = (values: Values) =>
    run(async () => {
      const fields = { ...values, note: values.note ?? '' };
      try {
        if (rule) await updateRule(rule, fields, true);
        else await createRule({ ...fields, requestKey });
        message.success(t('common.saved'));
        onSaved();
      } catch (error) {
        if (fieldErrors(error).length === 0) {
          if (isConflict(error)) message.warning(t('content.conflict'));
          else message.error(error instanceof Error ? error.message : String(error));
        }
        throw error;
      }
    });

  return (
    <Modal
      open
      title={rule ? t('redirects.edit') : t('redirects.new')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={
          rule
            ? { ...rule, statusCode: String(rule.statusCode) as Values['statusCode'] }
            : { fromPath: fromPath ?? '', matchType: 'exact', statusCode: '301', enabled: true, toUrl: '' }
        }
      >
        <Form.Item
          name="fromPath"
          label={t('redirects.fromPath')}
          extra={t('redirects.fromPathHelp')}
          rules={[contractRule('fromPath')]}
        >
          <Input maxLength={limits.fromPath.maxLength} placeholder="/old/news.asp?id=12" autoComplete="off" />
        </Form.Item>
        <Form.Item name="matchType" label={t('redirects.matchType')}>
          <Radio.Group
            options={REDIRECT_MATCH_TYPES.map((m) => ({ value: m, label: t(`redirects.match.${m}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="toUrl"
          label={t('redirects.toUrl')}
          extra={t('redirects.toUrlHelp')}
          rules={[contractRule('toUrl')]}
        >
          <Input maxLength={limits.toUrl.maxLength} placeholder="/news/detail/12" autoComplete="off" />
        </Form.Item>
        <Form.Item name="statusCode" label={t('redirects.statusCode')} extra={t('redirects.statusCodeHelp')}>
          <Radio.Group
            options={REDIRECT_STATUS_CODES.map((c) => ({ value: c, label: t(`redirects.status.${c}`) }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t('redirects.note')}>
          <Input maxLength={limits.note.maxLength} />
        </Form.Item>
        <Form.Item name="enabled" label={t('redirects.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
