/** 素材库's folders as a tree (decision 066), for the library page's tree and choosers and the picture picker. */
import type { FileFolder } from '@yuexun/contract';

export interface FolderNode {
  key: number | string;
  value: number | string;
  title: string;
  children: FolderNode[];
}

/** The flat list as a tree; `without` leaves out a folder and everything below it (a move's choices). */
export const folderTree = (folders: FileFolder[], withCounts: boolean, without?: number): FolderNode[] => {
  const childrenOf = (parentId: number | null): FolderNode[] =>
    folders
      .filter((f) => f.parentId === parentId && f.folderId !== without)
      .map((f) => ({
        key: f.folderId,
        value: f.folderId,
        title: withCounts ? `${f.name} (${f.fileCount})` : f.name,
        children: childrenOf(f.folderId),
      }));
  return childrenOf(null);
};
