/** 密保问题: the question and its answer, within the contract's limits. */
import { saveAccountPreferencesAccount } from '@yuexun/contract';
import { Form, Input } from 'antd';
import { EditModal } from '../../../components/EditModal';
import { limitsOf } from '../../../components/form-limits';
import { useIntl } from '../../../locales/intl';
import { savePreferences } from '../../../services/settings';
import type { SecurityDialogProps } from './dialog-props';

const limits = limitsOf(saveAccountPreferencesAccount.input);

interface Values {
  question: string;
  answer: string;
}

export function QuestionDialog({ onSaved, onClose }: SecurityDialogProps) {
  const { t } = useIntl();
  const [form] = Form.useForm<Values>();
  const save = async (values: Values) => {
    const res = await savePreferences({ securityQuestion: values.question, securityAnswer: values.answer });
    if (res.datas[0]) onSaved(res.datas[0]);
    onClose();
  };
  return (
    <EditModal<Values>
      title={t('settings.security.question')}
      form={form}
      save={save}
      quiet
      onClose={onClose}
    >
      <Form.Item
        name="question"
        label={t('settings.security.question-label')}
        rules={[{ required: true }, ...limits.securityQuestion.rules]}
      >
        <Input maxLength={limits.securityQuestion.maxLength} />
      </Form.Item>
      <Form.Item
        name="answer"
        label={t('settings.security.answer-label')}
        rules={[{ required: true }, ...limits.securityAnswer.rules]}
      >
        <Input maxLength={limits.securityAnswer.maxLength} />
      </Form.Item>
    </EditModal>
  );
}
