/** Create or edit a routing rule: name, lead kinds, region words, the salesperson and the order. */
import { createLeadRouteAdmin, LEAD_KINDS, type LeadKind, type LeadRoute } from '@yuexun/contract';
import { Checkbox, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { EditModal } from '../../../components/EditModal';
import { limitsOf } from '../../../components/form-limits';
import { useRequestKey } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { createRoute, listLeadOwners, updateRoute, withCurrent } from '../../../services/leads';

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
  const [form] = Form.useForm<Values>();
  const requestKey = useRequestKey();
  const [owners, setOwners] = useState<{ value: number; label: string }[]>([]);
  useEffect(() => {
    listLeadOwners().then(
      (list) => setOwners(list.map((o) => ({ value: o.accountId, label: `${o.name}（${o.phone}）` }))),
      () => setOwners([]),
    );
  }, []);

  const save = async (values: Values) => {
    if (route) await updateRoute(route, { ...values, regions: values.regions ?? '' });
    else await createRoute({ ...values, regions: values.regions ?? '' }, requestKey);
    onSaved();
  };

  return (
    <EditModal<Values>
      title={route ? t('routes.edit', { name: route.name }) : t('routes.new')}
      form={form}
      save={save}
      onClose={onClose}
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
    </EditModal>
  );
}
