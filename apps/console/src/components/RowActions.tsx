/**
 * The action column of the content tables: link-style row buttons and a delete that asks first
 * (naming the record), says it is done, and reloads the table also when someone else changed the
 * record meanwhile (409: the reloaded row shows the change).
 */
import type { ProColumns } from '@ant-design/pro-components';
import { App, Button, type ButtonProps, Flex, Popconfirm, Switch } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useIntl } from '../locales/intl';
import { isConflict } from './useSubmit';

/**
 * Runs a change to a listed record, says it is done (or, on 409, that someone else changed it first),
 * then reloads the list whatever the outcome. Other failures were shown by the request layer
 * (services/client.ts).
 */
export const useListChange = () => {
  const { t } = useIntl();
  const { message } = App.useApp();
  return useCallback(
    async (change: () => Promise<unknown>, done: string, reload: () => unknown) => {
      try {
        await change();
        message.success(done);
      } catch (error) {
        if (isConflict(error)) message.warning(t('content.conflict'));
      } finally {
        await reload();
      }
    },
    [t, message],
  );
};

export const RowButton = (props: ButtonProps) => <Button type="link" size="small" {...props} />;

/** A row's 启用 switch: the change is saved at once, said (`said(enabled)`), and the list reloaded. */
export function EnabledSwitch({
  enabled,
  label,
  save,
  said,
  reload,
}: {
  enabled: boolean;
  label: string;
  save: (enabled: boolean) => Promise<unknown>;
  said: (enabled: boolean) => string;
  reload: () => unknown;
}) {
  const change = useListChange();
  return (
    <Switch
      size="small"
      checked={enabled}
      aria-label={label}
      onChange={(next) => change(() => save(next), said(next), reload)}
    />
  );
}

export function DeleteButton({
  confirm,
  description,
  remove,
  onSettled,
}: {
  /** The question, naming the record ("删除产品「…」？"). */
  confirm: string;
  description?: ReactNode;
  remove: () => Promise<unknown>;
  /** Runs after the attempt, whatever its outcome: reload the list. */
  onSettled: () => unknown;
}) {
  const { t } = useIntl();
  const change = useListChange();
  const onConfirm = () => change(remove, t('common.deleted'), onSettled);
  return (
    <Popconfirm
      title={confirm}
      description={description}
      onConfirm={onConfirm}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
    >
      <RowButton danger>{t('common.delete')}</RowButton>
    </Popconfirm>
  );
}

/**
 * The column holding a row's buttons. `stacked` (phones) puts one button under the other, so a row
 * with several buttons stays inside the screen.
 */
export const actionColumn = <T,>(
  title: string,
  width: number | undefined,
  render: (row: T) => ReactNode[],
  { stacked = false }: { stacked?: boolean } = {},
): ProColumns<T> => ({
  title,
  valueType: 'option',
  width,
  render: (_, row) =>
    stacked
      ? [
          <Flex key="buttons" vertical align="start">
            {render(row)}
          </Flex>,
        ]
      : render(row),
});
