/**
 * Create or edit a banner. The contract's rules run before sending; the server's refusals (a picture that
 * is not an image or too large, an end before the start) land under their fields.
 */
import { type Banner, createBannerAdmin, homePageMessages } from '@yuexun/contract';
import { App, DatePicker, Form, Input, InputNumber, Modal, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { limitsOf } from '../../../components/form-limits';
import { fromPickerValue, toPickerValue } from '../../../components/time/time';
import { useIntl } from '../../../locales/intl';
import { fieldErrors, newRequestKey } from '../../../services/client';
import { type BannerInput, createBanner, updateBanner } from '../../../services/home-page';
import { isConflict, useSubmit } from '../../content/shared/useSubmit';
import { PictureField } from '../shared/PictureField';

const input = createBannerAdmin.input.shape;
const limits = limitsOf(createBannerAdmin.input);

type Checked = 'title' | 'subtitle' | 'buttonText' | 'link' | 'desktopFileUuid';

/** The contract's own check of a field, with its Chinese message. */
const contractRule = (field: Checked): Rule => ({
  validator: async (_rule, value: unknown) => {
    const parsed = input[field].safeParse(value ?? '');
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
  },
});

interface Values {
  title: string;
  subtitle: string;
  buttonText: string;
  link: string;
  desktopFileUuid: string;
  mobileFileUuid: string;
  sortOrder: number;
  enabled: boolean;
  startAt?: Dayjs | null;
  endAt?: Dayjs | null;
}

const toInput = (v: Values): BannerInput => ({
  title: v.title,
  subtitle: v.subtitle ?? '',
  buttonText: v.buttonText ?? '',
  link: v.link ?? '',
  desktopFileUuid: v.desktopFileUuid ?? '',
  mobileFileUuid: v.mobileFileUuid ?? '',
  sortOrder: v.sortOrder ?? 0,
  enabled: v.enabled,
  ...(v.startAt ? { startAt: fromPickerValue(v.startAt) } : {}),
  ...(v.endAt ? { endAt: fromPickerValue(v.endAt) } : {}),
});

export function BannerForm({
  banner,
  onClose,
  onSaved,
}: {
  banner: Banner | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useIntl();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit(form);
  const [requestKey] = useState(newRequestKey);

  const save = (values: Values) =>
    run(async () => {
      try {
        if (banner) await updateBanner(banner, toInput(values), true);
        else await createBanner(toInput(values), requestKey);
        message.success(t('common.saved'));
        onSaved();
      } catch (error) {
        if (fieldErrors(error).length === 0) {
          if (isConflict(error)) message.warning(t('content.conflict'));
          else message.error(error instanceof Error ? error.message : String(error));
        }
        throw error;
      }
    });

  const initial: Values = banner
    ? {
        ...banner,
        startAt: banner.startAt ? toPickerValue(banner.startAt) : null,
        endAt: banner.endAt ? toPickerValue(banner.endAt) : null,
      }
    : {
        title: '',
        subtitle: '',
        buttonText: '',
        link: '',
        desktopFileUuid: '',
        mobileFileUuid: '',
        sortOrder: 0,
        enabled: true,
        startAt: null,
        endAt: null,
      };

  return (
    <Modal
      open
      title={banner ? t('homePage.banner.edit') : t('homePage.banner.new')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<Values> form={form} layout="vertical" onFinish={save} initialValues={initial}>
        <Form.Item
          name="desktopFileUuid"
          label={t('homePage.banner.desktopFileUuid')}
          extra={t('homePage.banner.desktopHelp')}
          rules={[contractRule('desktopFileUuid')]}
        >
          <PictureField label={t('homePage.banner.desktopFileUuid')} />
        </Form.Item>
        <Form.Item
          name="mobileFileUuid"
          label={t('homePage.banner.mobileFileUuid')}
          extra={t('homePage.banner.mobileHelp')}
        >
          <PictureField label={t('homePage.banner.mobileFileUuid')} />
        </Form.Item>
        <Form.Item name="title" label={t('homePage.banner.title')} rules={[contractRule('title')]}>
          <Input maxLength={limits.title.maxLength} autoComplete="off" />
        </Form.Item>
        <Form.Item name="subtitle" label={t('homePage.banner.subtitle')} rules={[contractRule('subtitle')]}>
          <Input maxLength={limits.subtitle.maxLength} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="buttonText"
          label={t('homePage.banner.buttonText')}
          rules={[contractRule('buttonText')]}
        >
          <Input maxLength={limits.buttonText.maxLength} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="link"
          label={t('homePage.banner.link')}
          extra={t('homePage.banner.linkHelp')}
          rules={[contractRule('link')]}
        >
          <Input maxLength={limits.link.maxLength} placeholder="/solution/areaCloud" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('homePage.banner.window')} extra={t('homePage.banner.windowHelp')}>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            <Form.Item name="startAt" noStyle>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                placeholder={t('homePage.banner.startAt')}
                aria-label={t('homePage.banner.startAt')}
              />
            </Form.Item>
            <Form.Item
              name="endAt"
              noStyle
              dependencies={['startAt']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_rule, end: Dayjs | null | undefined) => {
                    const start = getFieldValue('startAt') as Dayjs | null | undefined;
                    if (start && end && !end.isAfter(start)) throw new Error(homePageMessages.endBeforeStart);
                  },
                }),
              ]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                placeholder={t('homePage.banner.endAt')}
                aria-label={t('homePage.banner.endAt')}
              />
            </Form.Item>
          </div>
        </Form.Item>
        <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
          <Form.Item
            name="sortOrder"
            label={t('homePage.banner.sortOrder')}
            extra={t('homePage.banner.sortOrderHelp')}
          >
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('homePage.banner.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
