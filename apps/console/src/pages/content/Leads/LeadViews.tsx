/**
 * 我的视图: the filters a salesperson uses every day, saved under a name (their own, on the server so they
 * follow them to another computer) and applied with one pick. Saving a name again replaces that view.
 * The box shows the view whose filters are the table's now, and nothing once they differ (重置, another
 * filter): a name shown is always a name applied, and picking it again applies it again.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { LEAD_VIEW_NAME_MAX, type LeadView } from '@yuexun/contract';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSubmit } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { deleteLeadView, type LeadFilters, listLeadViews, saveLeadView } from '../../../services/leads';

interface Props {
  /** The filters the table shows now (what 保存为视图 saves). */
  current: LeadFilters;
  /** Puts a view's filters (none when the box is cleared) into the search form and searches. */
  onApply: (criteria: LeadView['criteria']) => void;
}

export function LeadViews({ current, onApply }: Props) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [views, setViews] = useState<LeadView[]>([]);
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const { saving, run } = useSubmit(form);

  const reload = useCallback(() => listLeadViews().then(setViews, () => setViews([])), []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const { phone: _phone, ...savable } = current;
  const hasFilters = Object.keys(savable).length > 0;
  const selected = views.find((v) => sameFilters(v.criteria, savable));

  const save = ({ name }: { name: string }) =>
    run(async () => {
      const view = await saveLeadView(name, current);
      message.success(t('leads.views.saved', { name: view.name }));
      setNaming(false);
      await reload();
    });

  return (
    <Space wrap>
      <Space.Compact>
        <Select
          aria-label={t('leads.views.label')}
          style={{ width: 180 }}
          placeholder={t('leads.views.placeholder')}
          allowClear
          value={selected?.id ?? null}
          options={views.map((v) => ({ value: v.id, label: v.name }))}
          onChange={(id: number | undefined) => {
            onApply(views.find((v) => v.id === id)?.criteria ?? {});
          }}
        />
        {selected && (
          <Popconfirm
            title={t('leads.views.deleteConfirm', { name: selected.name })}
            onConfirm={async () => {
              await deleteLeadView(selected.id);
              message.success(t('leads.views.deleted'));
              await reload();
            }}
          >
            <Button icon={<DeleteOutlined />} aria-label={t('leads.views.delete')} />
          </Popconfirm>
        )}
      </Space.Compact>
      <Button
        icon={<SaveOutlined />}
        onClick={() => {
          if (hasFilters) setNaming(true);
          else message.info(t('leads.views.noFilters'));
        }}
      >
        {t('leads.views.save')}
      </Button>
      <Modal
        open={naming}
        title={t('leads.views.save')}
        okButtonProps={{ loading: saving }}
        onOk={() => form.submit()}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={save}
          preserve={false}
          initialValues={{ name: selected?.name ?? '' }}
        >
          <Form.Item
            name="name"
            label={t('leads.views.name')}
            extra={t('leads.views.nameHint')}
            rules={[{ required: true, whitespace: true, max: LEAD_VIEW_NAME_MAX }]}
          >
            <Input maxLength={LEAD_VIEW_NAME_MAX} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

/** The same filters, whatever their order and however an empty one is written. */
const sameFilters = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const norm = (f: Record<string, unknown>) =>
    JSON.stringify(
      Object.entries(f)
        .filter(([key, value]) => key !== 'phone' && value !== undefined && value !== null && value !== '')
        .map(([key, value]) => [key, String(value)])
        .sort(([x], [y]) => String(x).localeCompare(String(y))),
    );
  return norm(a) === norm(b);
};
