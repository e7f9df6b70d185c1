/**
 * 角色管理 (docs/decisions/032-roles-and-permissions.md): the selected organisation's roles with their
 * permissions in words and how many staff hold each. Built-in roles are read-only; the vendor creates, edits
 * and deletes custom ones (roles.write). A role still held by someone cannot be deleted: the server says so.
 */
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { PERMISSIONS, type RoleView } from '@yuexun/contract';
import { App, Button, Flex, Grid, Switch, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useInitialState } from '../../app/initial-state';
import { actionColumn, DeleteButton, RowButton } from '../../components/RowActions';
import { tableRequest } from '../../components/table-request';
import { useIntl } from '../../locales/intl';
import { deleteRole, listRoles, setRoleMfaRequired } from '../../services/roles';
import { ORDERED_PERMISSIONS } from './groups';
import { RoleForm } from './RoleForm';

export default function Roles() {
  const { t, lang } = useIntl();
  const { message } = App.useApp();
  const canEdit = useInitialState().access.canEditRoles;
  const action = useRef<ActionType>(null);
  const [editing, setEditing] = useState<RoleView | null>();
  // A school keeps its two built-in roles (decision 021): only the vendor makes custom ones.
  const [isSchool, setIsSchool] = useState(false);
  const reload = () => action.current?.reload();
  // Phones: one cell per role (name, permissions, members) instead of a table scrolled sideways.
  const phone = Grid.useBreakpoint().sm === false;

  const roleName = (r: RoleView) => (r.builtinKey ? t(`roles.builtinName.${r.builtinKey}`) : r.name);

  const permissionsOf = (r: RoleView) => {
    if (r.permissions.length === 0)
      return <Typography.Text type="secondary">{t('roles.permissions.none')}</Typography.Text>;
    if (r.permissions.length === PERMISSIONS.length)
      return <Tag color="blue">{t('roles.permissions.all')}</Tag>;
    return (
      <Flex wrap gap={4}>
        {ORDERED_PERMISSIONS.filter((p) => r.permissions.includes(p)).map((p) => (
          <Tag key={p} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
            {t(`roles.permission.${p}`)}
          </Tag>
        ))}
      </Flex>
    );
  };

  const nameOf = (r: RoleView) => (
    <Flex wrap gap={4} align="center">
      <span>{roleName(r)}</span>
      {r.builtinKey ? <Tag>{t('roles.builtin')}</Tag> : <Tag color="purple">{t('roles.custom')}</Tag>}
    </Flex>
  );

  const columns: ProColumns<RoleView>[] = [
    ...(phone
      ? [
          {
            title: t('roles.name'),
            key: 'role',
            render: (_: unknown, r: RoleView) => (
              <Flex vertical gap={6}>
                <Typography.Text strong>{nameOf(r)}</Typography.Text>
                {permissionsOf(r)}
                <Typography.Text type="secondary">
                  {t('roles.membersLine', { n: r.memberCount })}
                </Typography.Text>
              </Flex>
            ),
          },
        ]
      : ([
          { title: t('roles.name'), dataIndex: 'name', width: 160, render: (_, r) => nameOf(r) },
          { title: t('roles.permissions'), dataIndex: 'permissions', render: (_, r) => permissionsOf(r) },
          { title: t('roles.members'), dataIndex: 'memberCount', width: 90 },
        ] satisfies ProColumns<RoleView>[])),
    {
      title: t('roles.mfa'),
      dataIndex: 'mfaRequired',
      width: phone ? 72 : 110,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.mfaRequired}
          aria-label={t('roles.mfaOf', { name: roleName(r) })}
          onChange={async (on) => {
            await setRoleMfaRequired(r, on);
            message.success(t(on ? 'roles.mfa.on' : 'roles.mfa.off', { name: roleName(r) }));
            reload();
          }}
        />
      ),
    },
    ...(canEdit
      ? [
          actionColumn<RoleView>(
            t('common.operation'),
            phone ? undefined : 120,
            (r) =>
              r.builtinKey
                ? []
                : [
                    <RowButton key="edit" onClick={() => setEditing(r)}>
                      {t('common.edit')}
                    </RowButton>,
                    <DeleteButton
                      key="delete"
                      confirm={t('roles.deleteConfirm', { name: r.name })}
                      description={r.memberCount > 0 ? t('roles.inUse', { n: r.memberCount }) : undefined}
                      remove={() => deleteRole(r)}
                      onSettled={reload}
                    />,
                  ],
            { stacked: phone },
          ),
        ]
      : []),
  ];

  return (
    <PageContainer title={t('roles.title')} content={t('roles.intro')}>
      <ProTable<RoleView>
        key={lang}
        rowKey="roleId"
        actionRef={action}
        headerTitle={t('roles.title')}
        columns={columns}
        search={false}
        pagination={false}
        scroll={phone ? undefined : { x: 720 }}
        toolBarRender={() =>
          canEdit && !isSchool
            ? [
                <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                  {t('roles.new')}
                </Button>,
              ]
            : []
        }
        request={tableRequest(async () => {
          const roles = await listRoles();
          setIsSchool(roles.some((r) => r.builtinKey === 'staff'));
          return roles;
        })}
      />
      {editing !== undefined ? (
        <RoleForm
          role={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(created) => {
            setEditing(undefined);
            message.success(created ? t('roles.created') : t('common.saved'));
            reload();
          }}
        />
      ) : null}
    </PageContainer>
  );
}
