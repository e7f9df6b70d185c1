/**
 * 站点管理 → 表单 (issue 33, docs/decisions/049): the built-in 销售咨询 and 代理商申请 forms and the vendor's
 * own; each is a list of fields saved as numbered versions, shown at /form/{slug}.
 */
import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import type { FormRecord } from '@yuexun/contract';
import { Tag, Typography } from 'antd';
import { DialogEditedTable } from '../../../components/DialogEditedTable';
import { actionColumn, EnabledSwitch, RowButton } from '../../../components/RowActions';
import { useIntl } from '../../../locales/intl';
import { listForms, updateForm } from '../../../services/forms';
import { FormEditor } from './FormEditor';

export default function Forms() {
  const { t } = useIntl();

  const columns = (edit: (r: FormRecord) => void, reload: () => void): ProColumns<FormRecord>[] => [
    {
      title: t('forms.name'),
      dataIndex: 'name',
      render: (_, r) => (
        <>
          {r.name} {r.builtin && <Tag>{t('forms.builtin')}</Tag>}
          <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
            /form/{r.slug}
          </Typography.Paragraph>
        </>
      ),
    },
    {
      title: t('forms.kindLabel'),
      dataIndex: 'kind',
      width: 110,
      render: (_, r) => t(`forms.kind.${r.kind}`),
    },
    {
      title: t('forms.fields'),
      dataIndex: 'fields',
      responsive: ['md'],
      render: (_, r) => (
        <Typography.Text type="secondary">
          {t('forms.fieldsLine', { n: r.fields.length, version: r.currentVersion })}
        </Typography.Text>
      ),
    },
    { title: t('forms.leadCount'), dataIndex: 'leadCount', width: 90, responsive: ['sm'] },
    {
      title: t('forms.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (_, r) => (
        <EnabledSwitch
          enabled={r.enabled}
          label={t('forms.enabledOf', { name: r.name })}
          save={(enabled) => updateForm(r, { enabled })}
          said={(enabled) => t(enabled ? 'forms.enabledOn' : 'forms.enabledOff')}
          reload={reload}
        />
      ),
    },
    actionColumn<FormRecord>(t('common.operation'), 80, (r) => [
      <RowButton key="edit" onClick={() => edit(r)}>
        {t('common.edit')}
      </RowButton>,
    ]),
  ];

  return (
    <PageContainer content={t('forms.intro')}>
      <DialogEditedTable
        headerTitle={t('menu.site.forms')}
        newLabel={t('forms.new')}
        columns={columns}
        list={listForms}
        dialog={({ record, onClose, onSaved }) => (
          <FormEditor record={record} onClose={onClose} onSaved={onSaved} />
        )}
      />
    </PageContainer>
  );
}
