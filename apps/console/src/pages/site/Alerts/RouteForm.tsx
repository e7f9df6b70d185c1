/** Create or edit a routing rule: name, lead kinds, region words, the salesperson and the order. */
import { createLeadRouteAdmin, LEAD_KINDS, type LeadKind, type LeadRoute } from '@yuexun/contract';
import { App, Checkbox, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { limitsOf } from '../../../components/form-limits';
import { useIntl } from '../../../locales/intl';
import { newRequestKey } from '../../../services/client';
import { createRoute, listLeadOwners, updateRoute, withCurrent } from '../../../services/leads';
import { isConflict, useSubmit } from '../../content/shared/useSubmit';

const limits = limitsOf(createLeadRouteAdmin.input);

interface Values {
  name: string;
  leadKinds: LeadKind[];
  regions: string;
  ownerAccountId: number;
  position: number;
  enabled: boolean;
}

export function RouteForm({
  route,
  onClose,
  onSaved,
}: {
  route: LeadRoute | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit(form);
  const requestKey = useMemo(() => newRequestKey(), []);
  const [owners, setOwners] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    listLeadOwners().then(
      (list) => setOwners(list.map((o) => ({ value: o.accountId, label: `${o.name}（${o.phone}）` }))),
      () => setOwners([]),
    );
  }, []);

  const save = (values: Values) =>
    run(async () => {
      try {
        if (route) await updateRoute(route, { ...values, regions: values.regions ?? '' });
        else await createRoute({ ...values, regions: values.regions ?? '' }, requestKey);
        message.success(t('common.saved'));
        onSaved();
      } catch (error) {
        if (isConflict(error)) message.warning(t('content.conflict'));
        throw error;
      }
    });

  return (
    <Modal
      open
      title={route ? t('routes.edit', { name: route.name }) : t('routes.new')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={
          route
            ? { ...route, ownerAccountId: route.ownerAccountId }
            : { leadKinds: [], regions: '', position: 100, enabled: true }
        }
      >
        <Form.Item name="name" label={t('routes.name')} rules={limits.name.rules}>
          <Input maxLength={limits.name.maxLength} placeholder={t('routes.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="leadKinds" label={t('alerts.leadKinds')} extra={t('alerts.leadKindsHelp')}>
          <Checkbox.Group options={LEAD_KINDS.map((k) => ({ value: k, label: t(`leads.kind.${k}`) }))} />
        </Form.Item>
        <Form.Item name="regions" label={t('alerts.regions')} extra={t('routes.regionsHelp')}>
          <Input maxLength={200} placeholder={t('alerts.regionsPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="ownerAccountId"
          label={t('leads.owner')}
          extra={t('routes.ownerHint')}
          rules={[{ required: true }]}
        >
          <Select
            options={withCurrent(owners, route?.ownerAccountId ?? null, route?.ownerName ?? null)}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="position" label={t('routes.position')} extra={t('routes.positionHelp')}>
          <InputNumber min={1} max={9999} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('alerts.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
