/**
 * Articles: search by title, filter by category and status, open the editor, view on the site, delete.
 * Without articles.write the list is read-only: no 新建, 编辑 or 删除 (the server would refuse them).
 * The 待审核 tab holds the submissions waiting for a publisher, with their count (decision 051).
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  type AdminArticleListItem,
  ARTICLE_STATUSES,
  type ArticleStatus,
  DEFAULT_PAGE_SIZE,
} from '@yuexun/contract';
import { Button, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInitialState } from '../../../app/initial-state';
import { actionColumn, DeleteButton } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { TimeText } from '../../../components/time/TimeText';
import { useIntl } from '../../../locales/intl';
import { pendingReviewCount } from '../../../services/article-review';
import { deleteArticle, listArticles, sitePageOf } from '../../../services/articles';
import { CategorySelect, useCategories } from '../shared/CategorySelect';
import { ReviewQueue } from './ReviewQueue';

export default function Articles() {
  const { t } = useIntl();
  const navigate = useNavigate();
  const action = useRef<ActionType>(null);
  const categories = useCategories();
  const canEdit = useInitialState().access.canEditArticles;
  // A notice of a submission leads here with ?tab=review.
  const [params] = useSearchParams();
  const [tab, setTab] = useState<'all' | 'review'>(params.get('tab') === 'review' ? 'review' : 'all');
  const [pending, setPending] = useState(0);
  const countPending = () => void pendingReviewCount().then(setPending);
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
        { key: 'review', tab: t('review.tab.pending', { count: pending }) },
      ]}
    >
      {tab === 'review' ? (
        <ReviewQueue
          onDecided={() => {
            countPending();
            action.current?.reload();
          }}
        />
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
