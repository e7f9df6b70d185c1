/**
 * Create and update form of a rule. A request key made when the form opens lets the server create one
 * rule however often save is clicked; server field messages land on their fields and the input stays.
 */
import {
  ModalForm,
  ProFormDateTimePicker,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { createRule, type Rule, type RuleStatus } from '@yuexun/contract';
import { App, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { limitSays, limitsOf } from '../../components/form-limits';
import { fromPickerValue, toPickerValue } from '../../components/time/time';
import { useIntl } from '../../locales/intl';
import { fieldErrors } from '../../services/client';
import { addRule, saveRule } from '../../services/rule';

interface Values {
  name: string;
  description: string;
  startTime: Dayjs | string;
  status: RuleStatus;
}

const limits = limitsOf(createRule.input);
const STATUSES: RuleStatus[] = ['closed', 'running', 'online', 'abnormal'];

export const RuleForm = ({
  rule,
  onClose,
  onSaved,
}: {
  rule?: Rule;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [requestKey] = useState(() => crypto.randomUUID());

  const onFinish = async (values: Values) => {
    const input = {
      name: values.name,
      description: values.description,
      startTime: fromPickerValue(values.startTime),
      status: values.status,
    };
    try {
      if (rule) await saveRule({ ...input, key: rule.key });
      else await addRule({ ...input, requestKey });
      message.success(rule ? t('rule.updated') : t('rule.created'));
      onSaved();
      return true;
    } catch (error) {
      form.setFields(fieldErrors(error).map((f) => ({ name: f.field as keyof Values, errors: [f.message] })));
      return false;
    }
  };

  return (
    <ModalForm<Values>
      // A form name keeps field ids apart from the search form's (labels find their own inputs).
      name="rule"
      form={form}
      open
      title={rule ? t('rule.update') : t('rule.create')}
      width={520}
      modalProps={{
        destroyOnHidden: true,
        onCancel: onClose,
        okText: t('common.save'),
        cancelText: t('common.cancel'),
      }}
      submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
      initialValues={
        rule
          ? {
              name: rule.name,
              description: rule.description,
              startTime: toPickerValue(rule.startTime),
              status: rule.status,
            }
          : { status: 'closed' }
      }
      onFinish={onFinish}
    >
      <ProFormText
        name="name"
        label={t('rule.name')}
        rules={[...limitSays(limits.name, { missing: t('rule.name.required') }), { whitespace: true }]}
      />
      <ProFormTextArea
        name="description"
        label={t('rule.description')}
        rules={limitSays(limits.description, {
          missing: t('rule.description.min'),
          short: t('rule.description.min'),
        })}
      />
      <ProFormDateTimePicker
        name="startTime"
        label={t('rule.startTime')}
        width="md"
        rules={[{ required: true, message: t('rule.startTime.required') }]}
      />
      <ProFormSelect
        name="status"
        label={t('rule.status')}
        width="md"
        options={STATUSES.map((s) => ({ value: s, label: t(`rule.status.${s}`) }))}
      />
    </ModalForm>
  );
};
