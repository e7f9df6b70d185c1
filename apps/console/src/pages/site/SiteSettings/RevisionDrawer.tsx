/** Every save of the site settings, newest first: who, when, and what each field held. */
import { ProTable } from '@ant-design/pro-components';
import { DEFAULT_PAGE_SIZE, type SiteSettingsRevision } from '@yuexun/contract';
import { Descriptions, Drawer } from 'antd';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { type MessageId, useIntl } from '../../../locales/intl';
import { listSiteSettingsRevisions } from '../../../services/site-settings';

export function RevisionDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useIntl();
  return (
    <Drawer open size="large" title={t('site.settings.history')} onClose={onClose} destroyOnHidden>
      <ProTable<SiteSettingsRevision>
        rowKey="version"
        search={false}
        options={false}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE }}
        request={tableRequest(({ pageIndex = 1, pageSize = 10 }) =>
          listSiteSettingsRevisions({ pageIndex, pageSize }),
        )}
        columns={[
          { title: t('site.settings.revision.version'), dataIndex: 'version', width: 70 },
          {
            title: t('audit.at'),
            dataIndex: 'at',
            width: 160,
            render: (_, r) => <TimeText iso={r.at} />,
          },
          { title: t('audit.account'), dataIndex: 'accountName', render: (_, r) => r.accountName ?? '-' },
        ]}
        expandable={{
          expandedRowRender: (r) => (
            <Descriptions
              size="small"
              column={1}
              items={Object.entries(r.values).map(([key, value]) => ({
                key,
                label: t(`site.settings.field.${key}` as MessageId),
                children: value || '-',
              }))}
            />
          ),
        }}
      />
    </Drawer>
  );
}
