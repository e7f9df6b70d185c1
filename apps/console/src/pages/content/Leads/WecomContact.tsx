/**
 * 企业微信 on a lead (decision 062): the owner's 联系我 QR code while it is being made, made or refused, and the
 * WeCom contact the customer became by scanning it (name, when added, whether deleted). Nothing when the lead
 * has no 联系我 (客户联系 off, or the owner not linked to a WeCom member). In 获客链接 mode (decision 068) the
 * QR code is of the link, and the link itself (with the lead's customer_channel) can be copied.
 */
import type { LeadWecomContactView } from '@yuexun/contract';
import { Descriptions, Image, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { getLeadWecomContact } from '../../../services/leads';

export function WecomContact({ leadId, layout }: { leadId: number; layout: 'horizontal' | 'vertical' }) {
  const { t } = useIntl();
  const [view, setView] = useState<LeadWecomContactView | null>(null);
  useEffect(() => {
    getLeadWecomContact(leadId).then(setView, () => setView(null));
  }, [leadId]);
  if (!view) return null;
  const status =
    view.status === 'ready' ? (
      <Image src={view.qrCode} width={96} height={96} alt={t('leads.wecom.qr')} data-testid="wecom-qr" />
    ) : view.status === 'failed' ? (
      <Typography.Text type="danger">
        {t(view.mode === 'acquisition_link' ? 'leads.wecom.linkFailed' : 'leads.wecom.failed', {
          reason: view.reason,
        })}
      </Typography.Text>
    ) : (
      <Typography.Text type="secondary">
        {t(view.mode === 'acquisition_link' ? 'leads.wecom.linkPending' : 'leads.wecom.pending')}
      </Typography.Text>
    );
  const contact = view.externalUserId ? (
    <span data-testid="wecom-binding">
      {t('leads.wecom.bound', { name: view.contactName || view.externalUserId })}{' '}
      {view.removedAt ? <Tag color="red">{t('leads.wecom.removed')}</Tag> : <Tag color="green">✓</Tag>}
    </span>
  ) : (
    <Typography.Text type="secondary">{t('leads.wecom.unbound')}</Typography.Text>
  );
  const items = [
    { key: 'owner', label: t('leads.wecom.owner'), children: view.ownerWecomUserId },
    {
      key: 'qr',
      label: t(view.mode === 'acquisition_link' ? 'leads.wecom.linkQr' : 'leads.wecom.qr'),
      children: status,
    },
    ...(view.link
      ? [
          {
            key: 'link',
            label: t('leads.wecom.link'),
            children: (
              <Typography.Text copyable style={{ wordBreak: 'break-all' }} data-testid="wecom-link">
                {view.link}
              </Typography.Text>
            ),
          },
        ]
      : []),
    { key: 'contact', label: t('leads.wecom.title'), children: contact },
    ...(view.boundAt
      ? [{ key: 'at', label: t('leads.wecom.boundAt'), children: <TimeText iso={view.boundAt} /> }]
      : []),
  ];
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      layout={layout}
      title={t('leads.wecom.title')}
      style={{ marginBottom: 24 }}
      items={items}
    />
  );
}
