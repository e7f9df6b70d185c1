/** Category picker: the tree grouped by kind (news, cases …), loaded once per page. */
import { type AdminCategory, CATEGORY_KINDS } from '@yuexun/contract';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from '../../../locales/intl';
import { type CategoryNode, listCategories, toForest } from '../../../services/categories';

export const useCategories = () => {
  const [list, setList] = useState<AdminCategory[]>([]);
  useEffect(() => {
    listCategories().then(setList, () => setList([]));
  }, []);
  return list;
};

type TreeData = NonNullable<TreeSelectProps['treeData']>;

export const useCategoryTreeData = (list: AdminCategory[]): TreeData => {
  const { t } = useIntl();
  return useMemo(() => {
    const toData = (nodes: CategoryNode[]): TreeData =>
      nodes.map((n) => ({ value: n.id, title: n.name, children: toData(n.children) }));
    const forest = toForest(list);
    return CATEGORY_KINDS.filter((kind) => forest.some((n) => n.kind === kind)).map((kind) => ({
      value: `kind:${kind}`,
      title: t(`content.kind.${kind}`),
      selectable: false,
      children: toData(forest.filter((n) => n.kind === kind)),
    }));
  }, [list, t]);
};

export function CategorySelect(props: Omit<TreeSelectProps, 'treeData'> & { categories: AdminCategory[] }) {
  const { categories, ...rest } = props;
  const treeData = useCategoryTreeData(categories);
  return (
    <TreeSelect treeDefaultExpandAll showSearch treeNodeFilterProp="title" {...rest} treeData={treeData} />
  );
}
