/**
 * The category tree per site section: add (top level or below a category), rename, move to another
 * parent, move up/down among siblings, delete an empty one. Every change reloads the tree, so the
 * versions the next change sends are fresh.
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { PageContainer } from '@ant-design/pro-components';
import { type AdminCategory, CATEGORY_KINDS, type CategoryKind, createCategoryAdmin } from '@yuexun/contract';
import {
  Button,
  Card,
  Empty,
  Form,
  Input,
  Select,
  Space,
  Spin,
  Tag,
  Tree,
  type TreeDataNode,
  TreeSelect,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useInitialState } from '../../../app/initial-state';
import { EditModal } from '../../../components/EditModal';
import { limitsOf } from '../../../components/form-limits';
import { DeleteButton, useListChange } from '../../../components/RowActions';
import { useRequestKey } from '../../../components/useSubmit';
import { useIntl } from '../../../locales/intl';
import {
  type CategoryNode,
  createCategory,
  deleteCategory,
  listCategories,
  moveCategory,
  renameCategory,
  reorderCategories,
  toForest,
} from '../../../services/categories';

/** One choice of the move dialog's parent picker: the top level, or a category of the same kind. */
interface ParentOption {
  value: number | 'top';
  title: string;
  children?: ParentOption[];
}

const limits = limitsOf(createCategoryAdmin.input);

type Dialog =
  | { type: 'add'; kind: CategoryKind; parent: AdminCategory | null }
  | { type: 'rename'; category: AdminCategory }
  | { type: 'move'; category: AdminCategory };

export default function Categories() {
  const { t } = useIntl();
  // Without categories.write the tree is shown without its buttons (the server would refuse them).
  const canEdit = useInitialState().access.canEditCategories;
  const [kind, setKind] = useState<CategoryKind>('news');
  const [list, setList] = useState<AdminCategory[] | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const reload = useCallback(async () => setList(await listCategories().catch(() => [])), []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const forest = useMemo(() => toForest(list ?? []).filter((n) => n.kind === kind), [list, kind]);

  const listChange = useListChange();
  const after = (change: () => Promise<unknown>) => listChange(change, t('common.saved'), reload);

  const shift = (node: CategoryNode, siblings: CategoryNode[], by: -1 | 1) => {
    const ids = siblings.map((s) => s.id);
    const from = ids.indexOf(node.id);
    const to = from + by;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
    void after(() => reorderCategories(node.parentId, node.kind, ids));
  };

  const toTreeData = (nodes: CategoryNode[], depth = 1): TreeDataNode[] =>
    nodes.map((node, index) => ({
      key: node.id,
      title: (
        <Space wrap size={4}>
          <span>{node.name}</span>
          <Tag>{t('categories.articles', { n: node.articleCount })}</Tag>
          {node.slug && <Tag color="blue">{t('categories.fixed')}</Tag>}
          {canEdit && (
            <>
              {depth < 3 && (
                <Button
                  size="small"
                  type="link"
                  onClick={() => setDialog({ type: 'add', kind, parent: node })}
                >
                  {t('categories.addChild')}
                </Button>
              )}
              <Button size="small" type="link" onClick={() => setDialog({ type: 'rename', category: node })}>
                {t('categories.rename')}
              </Button>
              {!node.slug && (
                <Button size="small" type="link" onClick={() => setDialog({ type: 'move', category: node })}>
                  {t('categories.move')}
                </Button>
              )}
              <Button size="small" type="link" disabled={index === 0} onClick={() => shift(node, nodes, -1)}>
                {t('categories.moveUp')}
              </Button>
              <Button
                size="small"
                type="link"
                disabled={index === nodes.length - 1}
                onClick={() => shift(node, nodes, 1)}
              >
                {t('categories.moveDown')}
              </Button>
              {!node.slug && node.articleCount === 0 && node.children.length === 0 && (
                <DeleteButton
                  confirm={t('categories.deleteConfirm', { name: node.name })}
                  remove={() => deleteCategory(node)}
                  onSettled={reload}
                />
              )}
            </>
          )}
        </Space>
      ),
      children: toTreeData(node.children, depth + 1),
    }));

  return (
    <PageContainer
      extra={[
        <Select
          key="kind"
          value={kind}
          onChange={setKind}
          style={{ width: 140 }}
          aria-label={t('categories.kind')}
          options={CATEGORY_KINDS.map((k) => ({ value: k, label: t(`content.kind.${k}`) }))}
        />,
        canEdit && (
          <Button
            key="add"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ type: 'add', kind, parent: null })}
          >
            {t('categories.add')}
          </Button>
        ),
      ]}
    >
      <Card>
        {list === null ? (
          <Spin />
        ) : forest.length === 0 ? (
          <Empty />
        ) : (
          <Tree blockNode defaultExpandAll selectable={false} treeData={toTreeData(forest)} key={kind} />
        )}
      </Card>
      {dialog && (
        <CategoryDialog
          dialog={dialog}
          all={list ?? []}
          onClose={() => setDialog(null)}
          onDone={async () => {
            setDialog(null);
            await reload();
          }}
        />
      )}
    </PageContainer>
  );
}

interface Values {
  name: string;
  parentId: number | 'top';
}

function CategoryDialog({
  dialog,
  all,
  onClose,
  onDone,
}: {
  dialog: Dialog;
  all: AdminCategory[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useIntl();
  const [form] = Form.useForm<Values>();
  const requestKey = useRequestKey();

  const parentOptions = useMemo((): ParentOption[] => {
    if (dialog.type !== 'move') return [];
    const moving = dialog.category;
    const below = new Set<number>([moving.id]);
    // Everything under the moving category is excluded: it cannot become its own ancestor.
    let grew = true;
    while (grew) {
      grew = false;
      for (const c of all)
        if (c.parentId !== null && below.has(c.parentId) && !below.has(c.id)) {
          below.add(c.id);
          grew = true;
        }
    }
    const toData = (nodes: CategoryNode[]): ParentOption[] =>
      nodes
        .filter((n) => !below.has(n.id))
        .map((n) => ({ value: n.id, title: n.name, children: toData(n.children) }));
    return [
      { value: 'top', title: t('categories.topLevel') },
      ...toData(toForest(all).filter((n) => n.kind === moving.kind)),
    ];
  }, [dialog, all, t]);

  const save = async (values: Values) => {
    if (dialog.type === 'add')
      await createCategory({
        name: values.name,
        kind: dialog.kind,
        parentId: dialog.parent?.id ?? null,
        requestKey,
      });
    else if (dialog.type === 'rename') await renameCategory(dialog.category, values.name);
    else await moveCategory(dialog.category, values.parentId === 'top' ? null : values.parentId);
    onDone();
  };

  const title =
    dialog.type === 'add'
      ? dialog.parent
        ? `${t('categories.addChild')} · ${dialog.parent.name}`
        : t('categories.add')
      : dialog.type === 'rename'
        ? t('categories.rename')
        : `${t('categories.move')} · ${dialog.category.name}`;

  return (
    <EditModal<Values>
      title={title}
      okText={t('common.confirm')}
      form={form}
      save={save}
      onClose={onClose}
      initialValues={{
        name: dialog.type === 'rename' ? dialog.category.name : '',
        parentId: dialog.type === 'move' ? (dialog.category.parentId ?? 'top') : undefined,
      }}
    >
      {dialog.type === 'move' ? (
        <Form.Item name="parentId" label={t('categories.parent')} rules={[{ required: true }]}>
          <TreeSelect treeDefaultExpandAll treeData={parentOptions} />
        </Form.Item>
      ) : (
        <Form.Item name="name" label={t('categories.name')} rules={limits.name.rules}>
          <Input maxLength={limits.name.maxLength} autoFocus />
        </Form.Item>
      )}
    </EditModal>
  );
}
