/**
 * A short list whose rows are edited in a dialog (表单, 线索分配规则): the table with its 新建 button, and the
 * dialog for the row being edited or a new one; a save closes the dialog and reloads the list.
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Button } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { tableRequest } from './table-request';

export interface RowDialog<T> {
  /** The row edited, or null for a new one. */
  record: T | null;
  onClose: () => void;
  onSaved: () => void;
}

export function DialogEditedTable<T extends { id: number }>({
  headerTitle,
  newLabel,
  columns,
  list,
  emptyText,
  dialog,
}: {
  headerTitle: string;
  newLabel: string;
  /** The columns, given how to open a row's dialog and how to reload the list. */
  columns: (edit: (record: T) => void, reload: () => void) => ProColumns<T>[];
  /** The whole list (no paging). */
  list: () => Promise<T[]>;
  emptyText?: string;
  dialog: (props: RowDialog<T>) => ReactNode;
}) {
  const action = useRef<ActionType>(null);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const reload = () => action.current?.reload();
  return (
    <>
      <ProTable<T>
        rowKey="id"
        actionRef={action}
        headerTitle={headerTitle}
        columns={columns(setEditing, reload)}
        search={false}
        pagination={false}
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {newLabel}
          </Button>,
        ]}
        request={tableRequest(list)}
        locale={emptyText ? { emptyText } : undefined}
      />
      {editing &&
        dialog({
          record: editing === 'new' ? null : editing,
          onClose: () => setEditing(null),
          onSaved: () => {
            setEditing(null);
            reload();
          },
        })}
    </>
  );
}
