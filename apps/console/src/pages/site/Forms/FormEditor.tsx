/** Create or edit a form: name, kind, address, success message, on/off and its fields (a new version on save). */
import { createFormAdmin, FORM_PLACEMENTS, type FormField, type FormRecord } from '@yuexun/contract';
import { Form, Input, Select, Switch } from 'antd';
import { EditModal } from '../../../components/EditModal';
import { contractRule, limitsOf } from '../../../components/form-limits';
import { useRequestKey } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { createForm, type FormValues, updateForm } from '../../../services/forms';
import { DownloadFileField } from './DownloadFileField';
import { FieldList } from './FieldList';

const input = createFormAdmin.input.shape;
const limits = limitsOf(createFormAdmin.input);
const NEW_KINDS = ['demo', 'download', 'custom'] as const;

/** What a new form starts with: a name, a phone and the consent line every form needs. */
const starterFields = (t: ReturnType<typeof useIntl>['t']): FormField[] => [
  {
    key: 'contactName',
    type: 'text',
    label: t('forms.starter.name'),
    help: '',
    required: true,
    options: [],
    max: 30,
  },
  {
    key: 'phone',
    type: 'mobile',
    label: t('forms.type.mobile'),
    help: t('forms.starter.phoneHelp'),
    required: true,
    options: [],
  },
  {
    key: 'privacyConsent',
    type: 'consent',
    label: t('forms.consentDefault'),
    help: '',
    required: true,
    options: [],
  },
];

/** Limits left blank are absent, not null; options only for a choice. */
const cleanFields = (fields: FormField[] | undefined): FormField[] =>
  (fields ?? []).map(({ min, max, ...f }) => ({
    ...f,
    help: f.help ?? '',
    required: Boolean(f.required),
    options: f.options ?? [],
    ...(typeof min === 'number' ? { min } : {}),
    ...(typeof max === 'number' ? { max } : {}),
  }));

export function FormEditor({
  record,
  onClose,
  onSaved,
}: {
  record: FormRecord | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useIntl();
  const [form] = Form.useForm<FormValues>();
  const requestKey = useRequestKey();

  const save = async (values: FormValues) => {
    const fields = cleanFields(values.fields);
    if (record) {
      const { kind: _kind, slug, ...change } = values;
      await updateForm(record, { ...change, fields, ...(record.builtin ? {} : { slug }) }, true);
    } else await createForm({ ...values, fields }, requestKey);
    onSaved();
  };

  return (
    <EditModal<FormValues>
      title={record ? t('forms.edit', { name: record.name }) : t('forms.new')}
      form={form}
      save={save}
      quiet
      sayFieldErrors
      onClose={onClose}
      width={760}
      initialValues={
        record ?? {
          name: '',
          slug: '',
          kind: 'demo',
          successMessage: t('forms.successDefault'),
          enabled: true,
          fields: starterFields(t),
          placements: [],
          downloadFileUuid: null,
        }
      }
    >
      <Form.Item name="name" label={t('forms.name')} rules={[contractRule(input.name)]}>
        <Input maxLength={limits.name.maxLength} />
      </Form.Item>
      <Form.Item name="kind" label={t('forms.kindLabel')}>
        <Select
          disabled={Boolean(record)}
          options={(record?.builtin ? [record.kind] : NEW_KINDS).map((k) => ({
            value: k,
            label: t(`forms.kind.${k}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="slug"
        label={t('forms.slug')}
        extra={t('forms.slugHelp')}
        rules={[contractRule(input.slug)]}
      >
        <Input addonBefore="/form/" disabled={record?.builtin} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="successMessage"
        label={t('forms.successMessage')}
        rules={[contractRule(input.successMessage)]}
      >
        <Input.TextArea maxLength={limits.successMessage.maxLength} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('forms.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {/* Where else the form shows (decision 056): chosen here, where the form is looked after. */}
      <Form.Item name="placements" label={t('forms.placements')} extra={t('forms.placementsHelp')}>
        <Select
          mode="multiple"
          allowClear
          options={FORM_PLACEMENTS.map((p) => ({ value: p, label: t(`forms.placement.${p}`) }))}
        />
      </Form.Item>
      <Form.Item name="downloadFileUuid" label={t('forms.downloadFile')} extra={t('forms.downloadFileHelp')}>
        <DownloadFileField />
      </Form.Item>
      <Form.Item label={t('forms.fields')} required>
        <FieldList />
      </Form.Item>
    </EditModal>
  );
}
