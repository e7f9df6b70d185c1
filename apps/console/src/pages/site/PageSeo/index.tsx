/**
 * 页面 SEO: title, keywords and description of each fixed page and of each category with a list page,
 * edited one at a time (with the version it was loaded with). Blank fields fall back, so the tables show
 * 沿用默认 for them. Limits and messages are the contract's; the server's field messages land on the form.
 */
import { PageContainer } from '@ant-design/pro-components';
import {
  NAV_DEFAULT_LABELS,
  type NavRouteKey,
  type PageSeoEntry,
  SECTION_PAGE_OF_KIND,
  type SeoValues,
  seoFields,
} from '@yuexun/contract';
import { Button, Card, Form, Input, Table, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { EditModal } from '../../../components/EditModal';
import { limitsOf } from '../../../components/form-limits';
import { type MessageId, useIntl } from '../../../locales/intl';
import { loadPageSeo, savePageSeo } from '../../../services/navigation';
import { SettingsEditGate } from '../shared/SettingsEditGate';

const limits = limitsOf(seoFields);

function SeoForm({
  entry,
  onClose,
  onSaved,
}: {
  entry: PageSeoEntry;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useIntl();
  const [form] = Form.useForm<SeoValues>();
  const save = async (values: SeoValues) => {
    await savePageSeo(entry, values);
    onSaved();
  };
  return (
    <EditModal<SeoValues>
      title={t('seo.editOf', { name: entry.name })}
      form={form}
      save={save}
      done={t('seo.saved')}
      onClose={onClose}
      width={640}
      initialValues={{ title: entry.title, keywords: entry.keywords, description: entry.description }}
    >
      <Form.Item name="title" label={t('seo.title')} extra={t('seo.titleHelp')} rules={limits.title.rules}>
        <Input maxLength={limits.title.maxLength} showCount placeholder={entry.name} />
      </Form.Item>
      <Form.Item
        name="keywords"
        label={t('seo.keywords')}
        extra={t('seo.keywordsHelp')}
        rules={limits.keywords.rules}
      >
        <Input.TextArea rows={2} maxLength={limits.keywords.maxLength} showCount />
      </Form.Item>
      <Form.Item name="description" label={t('seo.description')} rules={limits.description.rules}>
        <Input.TextArea rows={3} maxLength={limits.description.maxLength} showCount />
      </Form.Item>
    </EditModal>
  );
}

export default function PageSeoPage() {
  const { t } = useIntl();
  const [entries, setEntries] = useState<PageSeoEntry[] | null>(null);
  const [editing, setEditing] = useState<PageSeoEntry | null>(null);

  const load = useCallback(async () => setEntries(await loadPageSeo()), []);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const valueCell = (value: string) =>
    value ? (
      <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 260 }}>
        {value}
      </Typography.Text>
    ) : (
      <Typography.Text type="secondary">{t('seo.notSet')}</Typography.Text>
    );

  // A page renamed in 导航菜单 is listed under its new name; its default one helps staff find it.
  const pageName = (e: PageSeoEntry) => {
    const defaultName = e.page ? NAV_DEFAULT_LABELS[e.page as NavRouteKey] : undefined;
    if (!defaultName || defaultName === e.name) return e.name;
    return (
      <>
        {e.name}
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('seo.renamedFrom', { name: defaultName })}
        </Typography.Text>
      </>
    );
  };

  // A category's list is headed by its section's name: the one staff gave the section in 导航菜单, if any.
  const sectionName = (kind: NonNullable<PageSeoEntry['kind']>) => {
    const page = SECTION_PAGE_OF_KIND[kind as keyof typeof SECTION_PAGE_OF_KIND];
    const section = page && entries?.find((e) => e.target === 'page' && e.page === page);
    return section && section.name !== NAV_DEFAULT_LABELS[page]
      ? section.name
      : t(`seo.kind.${kind}` as MessageId);
  };

  const table = (rows: PageSeoEntry[], category: boolean) => (
    <Table<PageSeoEntry>
      rowKey={(e) => `${e.target}-${e.page ?? e.categoryId}`}
      dataSource={rows}
      loading={entries === null}
      pagination={false}
      size="middle"
      scroll={{ x: 900 }}
      columns={[
        {
          title: t('seo.page'),
          width: 180,
          render: (_v, e) => (category && e.kind ? `${sectionName(e.kind)} · ${e.name}` : pageName(e)),
        },
        {
          title: t('seo.path'),
          dataIndex: 'path',
          width: 240,
          render: (path: string) => <code dir="ltr">{path}</code>,
        },
        { title: t('seo.title'), dataIndex: 'title', render: valueCell },
        { title: t('seo.keywords'), dataIndex: 'keywords', render: valueCell },
        { title: t('seo.description'), dataIndex: 'description', render: valueCell },
        {
          title: '',
          width: 80,
          fixed: 'right',
          render: (_v, e) => (
            <Button type="link" aria-label={t('seo.editOf', { name: e.name })} onClick={() => setEditing(e)}>
              {t('seo.edit')}
            </Button>
          ),
        },
      ]}
    />
  );

  const all = entries ?? [];
  return (
    <PageContainer
      content={t('seo.intro', {
        solution: sectionName('solution'),
        cases: sectionName('case'),
        news: sectionName('news'),
        profile: sectionName('profile'),
      })}
    >
      <SettingsEditGate>
        <Card>
          <Tabs
            items={[
              {
                key: 'pages',
                label: t('seo.tab.pages'),
                children: table(
                  all.filter((e) => e.target === 'page'),
                  false,
                ),
              },
              {
                key: 'categories',
                label: t('seo.tab.categories'),
                children: table(
                  all.filter((e) => e.target === 'category'),
                  true,
                ),
              },
            ]}
          />
        </Card>
        {editing && (
          <SeoForm
            entry={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void load().catch(() => undefined);
            }}
          />
        )}
      </SettingsEditGate>
    </PageContainer>
  );
}
