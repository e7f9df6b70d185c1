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
import { Form, Input, Radio, Switch } from 'antd';
import { EditModal } from '../../../components/EditModal';
import { contractRule, limitsOf } from '../../../components/form-limits';
import { useRequestKey } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { createRule, updateRule } from '../../../services/redirects';

const input = createRedirectRuleAdmin.input.shape;
const limits = limitsOf(createRedirectRuleAdmin.input);

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
  const [form] = Form.useForm<Values>();
  const requestKey = useRequestKey();

  const save = async (values: Values) => {
    const fields = { ...values, note: values.note ?? '' };
    if (rule) await updateRule(rule, fields, true);
    else await createRule({ ...fields, requestKey });
    onSaved();
  };

  return (
    <EditModal<Values>
      title={rule ? t('redirects.edit') : t('redirects.new')}
      form={form}
      save={save}
      quiet
      onClose={onClose}
      width={600}
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
        rules={[contractRule(input.fromPath)]}
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
        rules={[contractRule(input.toUrl)]}
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
    </EditModal>
  );
}
