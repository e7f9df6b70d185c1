import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  type AdminProduct,
  type AdminProductTag,
  DEFAULT_PAGE_SIZE,
  fenToYuan,
  PRODUCT_STATUSES,
} from '@yuexun/contract';
import { App, Button, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInitialState } from '../../../app/initial-state';
import { Ltr } from '../../../components/Ltr';
import { actionColumn, DeleteButton, RowButton } from '../../../components/RowActions';
import { tableRequest } from '../../../components/table-request';
import { useIntl } from '../../../locales/intl';
import { deleteProduct, listProducts, listTags } from '../../../services/products';
import { RevisionHistory } from '../shared/RevisionHistory';
import { ProductForm } from './ProductForm';

export function ProductTable() {
  const { t } = useIntl();
  const canEdit = useInitialState().access.canEditProducts;
  const { message } = App.useApp();
  const action = useRef<ActionType>(null);
  const [tags, setTags] = useState<AdminProductTag[]>([]);
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [history, setHistory] = useState<AdminProduct | null>(null);

  useEffect(() => {
    listTags().then(setTags, () => setTags([]));
  }, []);
  // A notice of a product's review leads here with ?edit=<id>: its form opens (when one may edit it).
  const [params] = useSearchParams();
  const linked = Number(params.get('edit')) || null;
  useEffect(() => {
    if (linked && canEdit)
      listProducts({ productId: linked, pageIndex: 1, pageSize: 1 }).then((page) => {
        if (page.datas[0]) setEditing(page.datas[0]);
      });
  }, [linked, canEdit]);

  const columns: ProColumns<AdminProduct>[] = [
    { title: t('content.keyword'), dataIndex: 'keyword', hideInTable: true },
    { title: t('products.name'), dataIndex: 'name', search: false, ellipsis: true },
    {
      title: t('products.price'),
      dataIndex: 'priceFen',
      search: false,
      width: 150,
      align: 'right',
      // "¥19800.00 / 校/年" would read "校/年 / ¥19800.00" in a right-to-left cell.
      render: (_, p) => <Ltr>{`¥${fenToYuan(p.priceFen)} / ${p.priceUnit}`}</Ltr>,
    },
    {
      title: t('products.tags'),
      dataIndex: 'tagId',
      width: 200,
      valueEnum: Object.fromEntries(tags.map((tag) => [tag.id, { text: tag.name }])),
      render: (_, p) => (
        <Space size={[0, 4]} wrap>
          {p.tags.map((tag) => (
            <Tag key={tag.id}>{tag.name}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('products.status'),
      dataIndex: 'status',
      width: 100,
      valueEnum: Object.fromEntries(
        PRODUCT_STATUSES.map((s) => [
          s,
          { text: t(`products.status.${s}`), status: s === 'published' ? 'Success' : 'Default' },
        ]),
      ),
    },
    { title: t('content.sort'), dataIndex: 'sort', search: false, width: 70, responsive: ['lg'] },
    actionColumn<AdminProduct>(t('common.operation'), 170, (p) => [
      canEdit ? (
        <RowButton key="edit" onClick={() => setEditing(p)}>
          {t('common.edit')}
        </RowButton>
      ) : null,
      <RowButton key="history" onClick={() => setHistory(p)}>
        {t('history.open')}
      </RowButton>,
      canEdit ? (
        <DeleteButton
          key="delete"
          confirm={t('products.deleteToBin', { name: p.name })}
          remove={() => deleteProduct(p)}
          onSettled={() => action.current?.reload()}
        />
      ) : null,
    ]),
  ];

  return (
    <>
      <ProTable<AdminProduct, { keyword?: string; status?: 'draft' | 'published'; tagId?: number }>
        rowKey="id"
        actionRef={action}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        scroll={{ x: 800 }}
        toolBarRender={() => [
          canEdit && (
            <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('products.new')}
            </Button>
          ),
        ]}
        request={tableRequest(({ keyword, status, tagId, ...paging }) =>
          listProducts({ ...paging, keyword, status, tagId: tagId ? Number(tagId) : undefined }),
        )}
      />
      {history && (
        <RevisionHistory
          targetType="product"
          targetId={history.id}
          version={history.version}
          onClose={() => setHistory(null)}
          onRestored={() => {
            setHistory(null);
            action.current?.reload();
          }}
        />
      )}
      {editing && (
        <ProductForm
          product={editing === 'new' ? null : editing}
          tags={tags}
          onClose={() => setEditing(null)}
          onSaved={(submitted) => {
            setEditing(null);
            message.success(t(submitted ? 'review.submitted' : 'common.saved'));
            action.current?.reload();
          }}
        />
      )}
    </>
  );
}
