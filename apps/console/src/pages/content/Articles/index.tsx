/**
 * Articles: search by title, filter by category and status, open the editor, view on the site, delete.
 * Without articles.write the list is read-only: no 新建, 编辑 or 删除 (the server would refuse them).
 * The 待审核 tab holds the submissions waiting for a publisher, with their count: articles' and products' side by
 * side, each with its own count (decisions 051, 069).
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  type AdminArticleListItem,
  ARTICLE_STATUSES,
  type ArticleStatus,
  DEFAULT_PAGE_SIZE,
} from '@yuexun/contract';
import { Button, Segmented, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInitialState } from '../../../app/initial-state';
import { actionColumn, DeleteButton } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { pendingReviewCount } from '../../../services/article-review';
import { deleteArticle, listArticles, sitePageOf } from '../../../services/articles';
import { pendingProductReviewCount } from '../../../services/product-review';
import { CategorySelect, useCategories } from '../shared/CategorySelect';
import { ReviewQueue } from './ReviewQueue';
import type { ReviewKind } from './review-kinds';

export default function Articles() {
  const { t } = useIntl();
  const navigate = useNavigate();
  const action = useRef<ActionType>(null);
  const categories = useCategories();
  const canEdit = useInitialState().access.canEditArticles;
  // A notice of a submission leads here with ?tab=review (and &kind=product for a product's).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<'all' | 'review'>(params.get('tab') === 'review' ? 'review' : 'all');
  const [kind, setKind] = useState<ReviewKind>(params.get('kind') === 'product' ? 'product' : 'article');
  const [pending, setPending] = useState({ article: 0, product: 0 });
  const countPending = () =>
    void Promise.all([pendingReviewCount(), pendingProductReviewCount()]).then(([article, product]) =>
      setPending({ article, product }),
    );
  useEffect(countPending, []);

  const statusTag = (a: AdminArticleListItem) => {
    if (a.status === 'draft') return <Tag>{t('content.status.draft')}</Tag>;
    if (a.status === 'offline') return <Tag color="red">{t('content.status.offline')}</Tag>;
    if (a.live) return <Tag color="green">{t('content.status.published')}</Tag>;
    return <Tag color="gold">{t('content.status.scheduled')}</Tag>;
  };

  const columns: ProColumns<AdminArticleListItem>[] = [
    { title: t('content.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('articles.title'),
      dataIndex: 'title',
      search: false,
      ellipsis: true,
      render: (_, a) => (canEdit ? <Link to={`/content/articles/edit/${a.id}`}>{a.title}</Link> : a.title),
    },
    {
      title: t('articles.category'),
      dataIndex: 'categoryId',
      width: 160,
      render: (_, a) => a.categoryName,
      formItemRender: () => <CategorySelect categories={categories} allowClear />,
    },
    {
      title: t('articles.status'),
      dataIndex: 'status',
      width: 110,
      valueEnum: Object.fromEntries(ARTICLE_STATUSES.map((s) => [s, { text: t(`content.status.${s}`) }])),
      render: (_, a) => statusTag(a),
    },
    {
      title: t('articles.publishTime'),
      dataIndex: 'publishTime',
      search: false,
      width: 150,
      render: (_, a) => <TimeText iso={a.publishTime} />,
    },
    { title: t('articles.views'), dataIndex: 'viewCount', search: false, width: 80, responsive: ['lg'] },
    {
      title: t('content.updatedAt'),
      dataIndex: 'updatedAt',
      search: false,
      width: 150,
      responsive: ['xl'],
      render: (_, a) => <TimeText iso={a.updatedAt} />,
    },
    actionColumn<AdminArticleListItem>(t('common.operation'), 230, (a) => [
      canEdit ? (
        <Link key="edit" to={`/content/articles/edit/${a.id}`}>
          {t('common.edit')}
        </Link>
      ) : null,
      a.live ? (
        <a key="preview" href={sitePageOf(a)} target="_blank" rel="noopener">
          {t('articles.preview')}
        </a>
      ) : null,
      canEdit ? (
        <DeleteButton
          key="delete"
          confirm={t('articles.deleteToBin', { title: a.title })}
          remove={() => deleteArticle(a.id, a.version)}
          onSettled={() => action.current?.reload()}
        />
      ) : null,
    ]),
  ];

  return (
    <PageContainer
      tabActiveKey={tab}
      onTabChange={(key) => setTab(key === 'review' ? 'review' : 'all')}
      tabList={[
        { key: 'all', tab: t('review.tab.all') },
        { key: 'review', tab: t('review.tab.pending', { count: pending.article + pending.product }) },
      ]}
    >
      {tab === 'review' ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Segmented<ReviewKind>
            value={kind}
            onChange={setKind}
            options={[
              { value: 'article', label: t('review.kind.articles', { count: pending.article }) },
              { value: 'product', label: t('review.kind.products', { count: pending.product }) },
            ]}
          />
          <ReviewQueue
            key={kind}
            kind={kind}
            onDecided={() => {
              countPending();
              action.current?.reload();
            }}
          />
        </Space>
      ) : (
        <ProTable<AdminArticleListItem, { keyword?: string; categoryId?: number; status?: ArticleStatus }>
          rowKey="id"
          actionRef={action}
          headerTitle={t('menu.content.articles')}
          columns={columns}
          search={{ labelWidth: 'auto' }}
          pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
          scroll={{ x: 900 }}
          toolBarRender={() =>
            canEdit
              ? [
                  <Button
                    key="new"
                    type="primary"
                    icon={<PlusOutlined />}
                    onClick={() => navigate('/content/articles/new')}
                  >
                    {t('articles.new')}
                  </Button>,
                ]
              : []
          }
          request={tableRequest(({ keyword, categoryId, status, ...paging }) =>
            listArticles({ ...paging, keyword, categoryId, status }),
          )}
        />
      )}
    </PageContainer>
  );
}
