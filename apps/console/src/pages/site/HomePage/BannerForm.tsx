/**
 * Create or edit a banner. The contract's rules run before sending; the server's refusals (a picture that
 * is not an image or too large, an end before the start) land under their fields.
 */
import { type Banner, createBannerAdmin, homePageMessages, PICTURE_CROPS } from '@yuexun/contract';
import { DatePicker, Form, Input, InputNumber, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { EditModal } from '../../../components/EditModal';
import { contractRule, limitsOf } from '../../../components/form-limits';
import { fromPickerValue, toPickerValue } from '../../../components/time/time';
import { useRequestKey } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { type BannerInput, createBanner, updateBanner } from '../../../services/home-page';
import { PictureField } from '../shared/PictureField';

const input = createBannerAdmin.input.shape;
const limits = limitsOf(createBannerAdmin.input);

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
  const [form] = Form.useForm<Values>();
  const requestKey = useRequestKey();

  const save = async (values: Values) => {
    if (banner) await updateBanner(banner, toInput(values), true);
    else await createBanner(toInput(values), requestKey);
    onSaved();
  };

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
    <EditModal<Values>
      title={banner ? t('homePage.banner.edit') : t('homePage.banner.new')}
      form={form}
      save={save}
      quiet
      onClose={onClose}
      width={640}
      initialValues={initial}
    >
      <Form.Item
        name="desktopFileUuid"
        label={t('homePage.banner.desktopFileUuid')}
        extra={t('homePage.banner.desktopHelp')}
        rules={[contractRule(input.desktopFileUuid)]}
      >
        <PictureField
          label={t('homePage.banner.desktopFileUuid')}
          minWidth={PICTURE_CROPS['banner-desktop'].width}
        />
      </Form.Item>
      <Form.Item
        name="mobileFileUuid"
        label={t('homePage.banner.mobileFileUuid')}
        extra={t('homePage.banner.mobileHelp')}
      >
        <PictureField
          label={t('homePage.banner.mobileFileUuid')}
          minWidth={PICTURE_CROPS['banner-phone'].width}
        />
      </Form.Item>
      <Form.Item name="title" label={t('homePage.banner.title')} rules={[contractRule(input.title)]}>
        <Input maxLength={limits.title.maxLength} autoComplete="off" />
      </Form.Item>
      <Form.Item name="subtitle" label={t('homePage.banner.subtitle')} rules={[contractRule(input.subtitle)]}>
        <Input maxLength={limits.subtitle.maxLength} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="buttonText"
        label={t('homePage.banner.buttonText')}
        rules={[contractRule(input.buttonText)]}
      >
        <Input maxLength={limits.buttonText.maxLength} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="link"
        label={t('homePage.banner.link')}
        extra={t('homePage.banner.linkHelp')}
        rules={[contractRule(input.link)]}
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
    </EditModal>
  );
}
