/**
 * 导航菜单: the site's top menu as one list — fixed sections can be renamed, moved and hidden (never
 * removed: their routes are spec §2's), outside links added. Saved whole with the version it was
 * loaded with; the server checks every entry again and its Chinese message is shown as is.
 */
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { PageContainer } from '@ant-design/pro-components';
import {
  NAV_DEFAULT_LABELS,
  NAV_LABEL_MAX,
  NAV_LINK,
  NAV_LINKS_MAX,
  NAV_ROUTES,
  NAV_URL_MAX,
  type NavItem,
  type NavRouteKey,
  type SiteNavigation,
} from '@yuexun/contract';
import { Button, Card, Input, Skeleton, Space, Switch, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useLoadedRecord } from '../../../components/useLoadedRecord';
import { useSubmit } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import { loadNavigation, saveNavigation } from '../../../services/navigation';
import { SettingsEditGate } from '../shared/SettingsEditGate';

type Row = NavItem & { id: number };

const routeOf = (key: string) => NAV_ROUTES.find((r) => r.key === key);
const defaultLabel = (item: NavItem) =>
  item.key === NAV_LINK ? '' : (NAV_DEFAULT_LABELS[item.key as NavRouteKey] ?? item.key);

export default function NavigationPage() {
  const { t } = useIntl();
  const { saving, run } = useSubmit(undefined, { done: t('navigation.saved') });
  const [rows, setRows] = useState<Row[]>([]);
  const [nextId, setNextId] = useState(0);

  const show = useCallback((nav: SiteNavigation) => {
    setRows(nav.items.map((item, id) => ({ ...item, id })));
    setNextId(nav.items.length);
  }, []);
  const { loaded, keep } = useLoadedRecord(loadNavigation, show);

  const change = (id: number, patch: Partial<NavItem>) =>
    setRows((list) => list.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const move = (index: number, by: -1 | 1) =>
    setRows((list) => {
      const next = [...list];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });
  const addLink = () => {
    setRows((list) => [...list, { id: nextId, key: NAV_LINK, label: '', visible: true, url: '' }]);
    setNextId((n) => n + 1);
  };
  const nameOf = (row: Row) => row.label || defaultLabel(row) || t('navigation.newLink');

  const submit = () =>
    run(async () => {
      if (!loaded) return;
      keep(
        await saveNavigation(
          rows.map(({ id: _id, ...item }) => item),
          loaded.version,
        ),
      );
    });

  const links = rows.filter((r) => r.key === NAV_LINK).length;

  return (
    <PageContainer content={t('navigation.intro')}>
      <SettingsEditGate>
        {loaded ? (
          <Card>
            <Table<Row>
              rowKey="id"
              dataSource={rows}
              pagination={false}
              size="middle"
              scroll={{ x: 760 }}
              columns={[
                {
                  title: t('navigation.order'),
                  width: 96,
                  render: (_v, row, index) => (
                    <Space size={4}>
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('navigation.up', { label: nameOf(row) })}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      />
                      <Button
                        size="small"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('navigation.down', { label: nameOf(row) })}
                        disabled={index === rows.length - 1}
                        onClick={() => move(index, 1)}
                      />
                    </Space>
                  ),
                },
                {
                  title: t('navigation.label'),
                  width: 220,
                  render: (_v, row) => (
                    <Input
                      value={row.label}
                      placeholder={defaultLabel(row)}
                      maxLength={NAV_LABEL_MAX}
                      aria-label={t('navigation.labelOf', { label: defaultLabel(row) || nameOf(row) })}
                      onChange={(e) => change(row.id, { label: e.target.value })}
                    />
                  ),
                },
                {
                  title: t('navigation.target'),
                  render: (_v, row) =>
                    row.key === NAV_LINK ? (
                      <Space.Compact style={{ width: '100%' }}>
                        <Tag color="blue" style={{ alignSelf: 'center' }}>
                          {t('navigation.external')}
                        </Tag>
                        <Input
                          value={row.url}
                          type="url"
                          placeholder={t('navigation.urlPlaceholder')}
                          maxLength={NAV_URL_MAX}
                          aria-label={t('navigation.urlOf', { label: nameOf(row) })}
                          onChange={(e) => change(row.id, { url: e.target.value })}
                        />
                      </Space.Compact>
                    ) : (
                      <code dir="ltr">{routeOf(row.key)?.path}</code>
                    ),
                },
                {
                  title: t('navigation.visible'),
                  width: 80,
                  render: (_v, row) => (
                    <Switch
                      checked={row.visible}
                      aria-label={t('navigation.visibleOf', { label: nameOf(row) })}
                      onChange={(visible) => change(row.id, { visible })}
                    />
                  ),
                },
                {
                  title: t('navigation.actions'),
                  width: 88,
                  render: (_v, row) =>
                    row.key === NAV_LINK && (
                      <Button
                        type="link"
                        danger
                        onClick={() => setRows((list) => list.filter((r) => r.id !== row.id))}
                      >
                        {t('navigation.remove')}
                      </Button>
                    ),
                },
              ]}
            />
            <Space style={{ marginTop: 16 }} wrap>
              <Button icon={<PlusOutlined />} onClick={addLink} disabled={links >= NAV_LINKS_MAX}>
                {t('navigation.addLink')}
              </Button>
              <Button type="primary" loading={saving} onClick={submit}>
                {t('common.save')}
              </Button>
              <span style={{ color: 'rgba(0,0,0,0.45)' }}>
                {loaded.version === 0
                  ? t('navigation.neverSaved')
                  : t('navigation.version', { version: loaded.version })}
              </span>
            </Space>
          </Card>
        ) : (
          <Card>
            <Skeleton active paragraph={{ rows: 8 }} />
          </Card>
        )}
      </SettingsEditGate>
    </PageContainer>
  );
}
