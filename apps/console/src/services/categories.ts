/** Category tree calls (news base, admin). */
import {
  type AdminCategory,
  type CategoryKind,
  createCategoryAdmin,
  deleteCategoryAdmin,
  inquireCategoryTreeAdmin,
  moveCategoryAdmin,
  renameCategoryAdmin,
  reorderCategoriesAdmin,
} from '@yuexun/contract';
import { call, callOne } from './client';

export const listCategories = async () => (await call(inquireCategoryTreeAdmin)).datas;

export const createCategory = async (input: {
  name: string;
  kind: CategoryKind;
  parentId: number | null;
  requestKey: string;
}) => callOne(createCategoryAdmin, input, { quiet: true });

export const renameCategory = (c: AdminCategory, name: string) =>
  call(renameCategoryAdmin, { categoryId: c.id, name, version: c.version }, { quiet: true });

export const moveCategory = (c: AdminCategory, parentId: number | null) =>
  call(moveCategoryAdmin, { categoryId: c.id, parentId, version: c.version }, { quiet: true });

export const reorderCategories = (parentId: number | null, kind: CategoryKind, orderedIds: number[]) =>
  call(reorderCategoriesAdmin, { parentId, kind, orderedIds });

export const deleteCategory = (c: AdminCategory) =>
  call(deleteCategoryAdmin, { categoryId: c.id, version: c.version });

export interface CategoryNode extends AdminCategory {
  children: CategoryNode[];
}

/** The flat list as a forest per kind, siblings in their stored order. */
export const toForest = (list: AdminCategory[]): CategoryNode[] => {
  const nodes = new Map<number, CategoryNode>(list.map((c) => [c.id, { ...c, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const order = (a: CategoryNode, b: CategoryNode) => a.sort - b.sort || a.id - b.id;
  const sortDeep = (items: CategoryNode[]) => {
    items.sort(order);
    for (const item of items) sortDeep(item.children);
  };
  sortDeep(roots);
  return roots;
};
