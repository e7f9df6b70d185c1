/**
 * The picture picker's filters (issue 35 item 1): a folder of 素材库 and one of its tags, beside the name search.
 * Folders and tags are read when the picker opens; an empty library shows neither chooser.
 */
import type { FileFolder } from '@yuexun/contract';
import { Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from '../locales/intl';
import { listFolders, listTags } from '../services/file-library';
import { folderTree } from './folder-tree';

export interface LibraryFilter {
  folderId?: number;
  tag?: string;
}

export function LibraryFilters({
  value,
  onChange,
}: {
  value: LibraryFilter;
  onChange: (value: LibraryFilter) => void;
}) {
  const { t } = useIntl();
  const [folders, setFolders] = useState<FileFolder[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  useEffect(() => {
    // A reader without the library's lists still searches by name: a failure leaves the choosers out.
    listFolders().then(setFolders, () => setFolders([]));
    listTags().then(
      (list) => setTags(list.map((x) => x.tag)),
      () => setTags([]),
    );
  }, []);

  return (
    <>
      {folders.length > 0 && (
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          aria-label={t('files.library.folders')}
          placeholder={t('files.library.allFiles')}
          style={{ width: 180 }}
          value={value.folderId}
          treeData={folderTree(folders, true)}
          onChange={(folderId?: number) => onChange({ ...value, folderId })}
        />
      )}
      {tags.length > 0 && (
        <Select
          allowClear
          showSearch
          aria-label={t('files.library.tag')}
          placeholder={t('files.library.tag')}
          style={{ width: 140 }}
          value={value.tag}
          options={tags.map((tag) => ({ value: tag, label: tag }))}
          onChange={(tag?: string) => onChange({ ...value, tag })}
        />
      )}
    </>
  );
}
