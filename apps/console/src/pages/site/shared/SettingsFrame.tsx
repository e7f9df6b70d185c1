/**
 * The frame of a record edited whole in 站点管理 (站点设置, 登录方式 and its 客户联系 card, 广告转化, AI 助手): a skeleton
 * until the record is loaded, then the vertical form at the settings' width with 保存 and the loaded version under
 * it (useWholeRecordForm supplies the record). SettingsPage puts it in the page's container with the page's intro,
 * header buttons, the read-only gate where the page has one, and whatever follows the form.
 */
import { PageContainer } from '@ant-design/pro-components';
import { Form, type FormInstance, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { SaveBar } from '../../../components/SaveBar';
import { useIntl } from '../../../locales/intl';
import { SettingsEditGate } from './SettingsEditGate';

/** What useWholeRecordForm answers, for a record with a version. */
export interface WholeRecord<R extends { version: number }, V> {
  form: FormInstance<V>;
  loaded: R | null;
  saving: boolean;
  submit: () => void;
}

export function SettingsForm<R extends { version: number }, V>({
  record,
  name,
  children,
}: {
  record: WholeRecord<R, V>;
  /** The form's name (ids of its fields), for a page with more than one form. */
  name?: string;
  /** The fields, given the loaded record. */
  children: (loaded: R) => ReactNode;
}) {
  const { t } = useIntl();
  const { form, loaded, saving, submit } = record;
  if (!loaded) return <Skeleton active />;
  return (
    <Form form={form} name={name} layout="vertical" style={{ maxWidth: 880 }} scrollToFirstError>
      {children(loaded)}
      <SaveBar
        saving={saving}
        onSave={submit}
        version={t('site.settings.version', { version: loaded.version })}
      />
    </Form>
  );
}

export function SettingsPage<R extends { version: number }, V>({
  record,
  intro,
  extra,
  readOnlyGate = false,
  after,
  children,
}: {
  record: WholeRecord<R, V>;
  /** The line under the page's title. */
  intro?: ReactNode;
  /** Buttons in the page's header. */
  extra?: ReactNode;
  /** settings.read without settings.write: a notice and every control disabled (SettingsEditGate). */
  readOnlyGate?: boolean;
  /** What follows the form (its own cards and tables), given the record once it is loaded. */
  after?: (loaded: R | null) => ReactNode;
  children: (loaded: R) => ReactNode;
}) {
  const body = (
    <>
      <SettingsForm record={record}>{children}</SettingsForm>
      {after?.(record.loaded)}
    </>
  );
  return (
    <PageContainer content={intro} extra={extra}>
      {readOnlyGate ? <SettingsEditGate>{body}</SettingsEditGate> : body}
    </PageContainer>
  );
}
