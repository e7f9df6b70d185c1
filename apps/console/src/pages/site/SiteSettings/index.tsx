/**
 * 站点设置: the vendor's identity, contacts, filing numbers, copyright and SEO defaults, saved whole
 * with the version it was loaded with. Each field is checked by the contract's own schema before the
 * form is sent; the server checks again and its field messages land under the same fields.
 */
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import {
  type SiteSettings,
  type SiteSettingsField,
  type SiteSettingsValues,
  siteSettingsFields,
} from '@yuexun/contract';
import { Button, Card, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { contractRule, limitsOf } from '../../../components/form-limits';
import { useWholeRecordForm } from '../../../components/useWholeRecordForm';
import { type MessageId, useIntl } from '../../../locales/intl';
import { loadSiteSettings, saveSiteSettings } from '../../../services/site-settings';
import { PictureField } from '../shared/PictureField';
import { SettingsPage } from '../shared/SettingsFrame';
import { RevisionDrawer } from './RevisionDrawer';

const limits = limitsOf(siteSettingsFields);

type Group = {
  title: MessageId;
  fields: { name: SiteSettingsField; kind?: 'picture' | 'long' | 'secret' | 'allowed' }[];
};

const GROUPS: Group[] = [
  {
    title: 'site.settings.identity',
    fields: [
      { name: 'companyName' },
      { name: 'shortName' },
      { name: 'logoLightFileUuid', kind: 'picture' },
      { name: 'logoDarkFileUuid', kind: 'picture' },
      { name: 'faviconFileUuid', kind: 'picture' },
    ],
  },
  {
    title: 'site.settings.contact',
    fields: [
      { name: 'hotline' },
      { name: 'servicePhone' },
      { name: 'email' },
      { name: 'address' },
      { name: 'businessHours' },
      { name: 'wechatQrFileUuid', kind: 'picture' },
    ],
  },
  {
    title: 'site.settings.filing',
    fields: [{ name: 'icpNumber' }, { name: 'policeNumber' }, { name: 'copyright' }],
  },
  {
    title: 'site.settings.seo',
    fields: [
      { name: 'titleKeywords', kind: 'long' },
      { name: 'description', kind: 'long' },
    ],
  },
  {
    title: 'site.settings.push',
    fields: [
      { name: 'baiduSite' },
      { name: 'baiduToken', kind: 'secret' },
      { name: 'indexNowKey', kind: 'secret' },
    ],
  },
  {
    title: 'site.settings.privacy',
    fields: [{ name: 'leadRetentionDays' }],
  },
  {
    title: 'site.settings.review',
    fields: [{ name: 'reviewSelfApproval', kind: 'allowed' }],
  },
];

/** A setting stored as 'allowed' or blank, shown as a switch. */
const allowedSwitch = {
  valuePropName: 'checked',
  getValueProps: (value: string) => ({ checked: value === 'allowed' }),
  normalize: (checked: boolean) => (checked ? 'allowed' : ''),
};

/** Fields with a line of help under them (site.settings.help.<field>). */
const HELPED = [
  'shortName',
  'icpNumber',
  'policeNumber',
  'copyright',
  'titleKeywords',
  'baiduSite',
  'leadRetentionDays',
  'reviewSelfApproval',
] as const;

const valuesOf = (settings: SiteSettings): SiteSettingsValues => {
  const { version: _version, updatedAt: _updatedAt, ...values } = settings;
  return values;
};

export default function SiteSettingsPage() {
  const { t } = useIntl();
  const record = useWholeRecordForm({
    load: loadSiteSettings,
    valuesOf,
    save: (values: SiteSettingsValues, was: SiteSettings) =>
      saveSiteSettings({ ...valuesOf(was), ...values }, was.version),
    done: t('site.settings.saved'),
  });
  const [history, setHistory] = useState(false);

  const label = (name: SiteSettingsField) => t(`site.settings.field.${name}` as MessageId);
  const help = (name: SiteSettingsField) =>
    (HELPED as readonly string[]).includes(name) ? t(`site.settings.help.${name}` as MessageId) : undefined;
  // A long field's character count sits at the end of the line under it: its help stops short of the count
  // (on a phone the help wraps and ran under it).
  const helpOf = (name: SiteSettingsField, kind?: string) => {
    const text = help(name);
    return text && kind === 'long' ? (
      <span style={{ display: 'block', paddingInlineEnd: 80 }}>{text}</span>
    ) : (
      text
    );
  };

  return (
    <SettingsPage
      record={record}
      readOnlyGate
      extra={
        <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)}>
          {t('site.settings.history')}
        </Button>
      }
      after={() => history && <RevisionDrawer onClose={() => setHistory(false)} />}
    >
      {() =>
        GROUPS.map((group) => (
          <Card key={group.title} title={t(group.title)} style={{ marginBottom: 16 }}>
            {group.fields.map(({ name, kind }) => (
              <Form.Item
                key={name}
                name={name}
                label={label(name)}
                extra={helpOf(name, kind)}
                rules={[contractRule(siteSettingsFields.shape[name])]}
                {...(kind === 'allowed' ? allowedSwitch : {})}
              >
                {kind === 'allowed' ? (
                  <Switch />
                ) : kind === 'picture' ? (
                  <PictureField label={label(name)} />
                ) : kind === 'long' ? (
                  <Input.TextArea rows={2} showCount maxLength={limits[name].maxLength} />
                ) : kind === 'secret' ? (
                  <Input.Password autoComplete="off" visibilityToggle maxLength={limits[name].maxLength} />
                ) : (
                  <Input autoComplete="off" maxLength={limits[name].maxLength} />
                )}
              </Form.Item>
            ))}
          </Card>
        ))
      }
    </SettingsPage>
  );
}
