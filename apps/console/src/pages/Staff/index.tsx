/**
 * 员工管理: the school's staff with search and filters; create (invitation link or initial password,
 * shown once), edit, disable / enable, reset password by link, unlock. The server refuses what would
 * lock the school out (yourself, the last admin); the buttons for yourself are not offered at all.
 */
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  DEFAULT_PAGE_SIZE,
  type RoleView,
  STAFF_STATUSES,
  type StaffCredential,
  type StaffMember,
} from '@yuexun/contract';
import { App, Button, Popconfirm, Space, Switch, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Ltr } from '../../components/Ltr';
import { tableRequest } from '../../components/table-request';
import { TimeText } from '../../components/time/TimeText';
import { useIntl } from '../../locales/intl';
import { listRoles } from '../../services/roles';
import {
  changeStaffStatus,
  listStaff,
  readMfaPolicy,
  resetStaffMfa,
  resetStaffPassword,
  saveMfaPolicy,
  unlockStaff,
} from '../../services/staff';
import { OnceModal } from './OnceModal';
import { StaffAuditLog } from './StaffAuditLog';
import { StaffForm } from './StaffForm';
import { StaffSessions } from './StaffSessions';

export default function Staff() {
  const { t, lang } = useIntl();
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<StaffMember | null>();
  const [shown, setShown] = useState<StaffCredential>();
  const [watching, setWatching] = useState<StaffMember>();
  const [auditOpen, setAuditOpen] = useState(false);
  const [mfaRequired, setMfaRequired] = useState<boolean>();
  // The organisation's roles (角色管理): the column, the filter and the form's choice.
  const [roles, setRoles] = useState<RoleView[]>([]);
  const reload = () => actionRef.current?.reload();

  useEffect(() => {
    listRoles().then(setRoles, () => undefined);
  }, []);

  useEffect(() => {
    readMfaPolicy().then(
      (p) => setMfaRequired(p?.mfaRequiredForAdmins ?? false),
      () => undefined,
    );
  }, []);

  const requireMfa = async (on: boolean) => {
    const saved = await saveMfaPolicy(on);
    setMfaRequired(saved?.mfaRequiredForAdmins ?? on);
    message.success(t(on ? 'staff.mfaPolicy.on' : 'staff.mfaPolicy.off'));
  };

  const roleLabel = (r: RoleView) => (r.builtinKey ? t(`roles.builtinName.${r.builtinKey}`) : r.name);

  const act = async (work: () => Promise<unknown>, done: string) => {
    await work();
    message.success(done);
    reload();
  };

  const columns: ProColumns<StaffMember>[] = [
    { title: t('staff.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('staff.name'),
      dataIndex: 'name',
      search: false,
      render: (_, m) => (
        <Space size={4} wrap>
          {m.name}
          {m.isSelf ? <Tag>{t('staff.self')}</Tag> : null}
          {m.lockedUntil ? <Tag color="red">{t('staff.locked')}</Tag> : null}
          {m.hasPassword ? null : <Tag color="gold">{t('staff.noPassword')}</Tag>}
          {m.mfaEnabled ? <Tag color="green">{t('staff.mfa')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('staff.phone'), dataIndex: 'phone', search: false, render: (_, m) => <Ltr>{m.phone}</Ltr> },
    { title: t('staff.email'), dataIndex: 'email', search: false, ellipsis: true },
    {
      title: t('staff.access'),
      dataIndex: 'roleId',
      valueType: 'select',
      valueEnum: Object.fromEntries(roles.map((r) => [r.roleId, { text: roleLabel(r) }])),
      render: (_, m) => {
        const role = roles.find((r) => r.roleId === m.roleId);
        return role ? roleLabel(role) : (m.roleName ?? t(`staff.access.${m.access}`));
      },
    },
    {
      title: t('staff.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        STAFF_STATUSES.map((s) => [
          s,
          { text: t(`staff.status.${s}`), status: s === 'active' ? 'Success' : 'Default' },
        ]),
      ),
    },
    {
      title: t('staff.lastSeen'),
      dataIndex: 'lastSeenAt',
      search: false,
      render: (_, m) => <TimeText iso={m.lastSeenAt} />,
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, m) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(m)}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => setWatching(m)}>
            {t('staff.sessions')}
          </Button>
          {m.isSelf ? null : (
            <Popconfirm
              title={t(m.status === 'active' ? 'staff.disable.title' : 'staff.enable.title', {
                name: m.name,
              })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                act(
                  () => changeStaffStatus(m.employeeId, m.status === 'active' ? 'disabled' : 'active'),
                  t(m.status === 'active' ? 'staff.disabled' : 'staff.enabled'),
                )
              }
            >
              <Button type="link" size="small" danger={m.status === 'active'}>
                {t(m.status === 'active' ? 'staff.disable' : 'staff.enable')}
              </Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={t('staff.reset.title', { name: m.name })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={async () => setShown(await resetStaffPassword(m.employeeId))}
          >
            <Button type="link" size="small">
              {t('staff.reset')}
            </Button>
          </Popconfirm>
          {m.lockedUntil ? (
            <Button
              type="link"
              size="small"
              onClick={() => act(() => unlockStaff(m.employeeId), t('staff.unlocked'))}
            >
              {t('staff.unlock')}
            </Button>
          ) : null}
          {m.mfaEnabled && !m.isSelf ? (
            <Popconfirm
              title={t('staff.resetMfa.title', { name: m.name })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => act(() => resetStaffMfa(m.employeeId), t('staff.mfaReset'))}
            >
              <Button type="link" size="small" danger>
                {t('staff.resetMfa')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title={t('staff.title')}>
      <ProTable<StaffMember>
        key={lang}
        actionRef={actionRef}
        rowKey="employeeId"
        headerTitle={t('staff.title')}
        search={{ labelWidth: 'auto' }}
        columns={columns}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true }}
        scroll={{ x: 960 }}
        toolBarRender={() => [
          <Space key="mfa" size={6}>
            <Switch
              size="small"
              checked={mfaRequired === true}
              loading={mfaRequired === undefined}
              onChange={(on) => void requireMfa(on).catch(() => undefined)}
              aria-label={t('staff.mfaPolicy')}
            />
            <span>{t('staff.mfaPolicy')}</span>
          </Space>,
          <Button key="audit" onClick={() => setAuditOpen(true)}>
            {t('staff.audit.open')}
          </Button>,
          <Button key="new" type="primary" onClick={() => setEditing(null)}>
            {t('staff.new')}
          </Button>,
        ]}
        request={tableRequest(({ pageIndex, pageSize, keyword, status, roleId }) =>
          listStaff({
            pageIndex,
            pageSize,
            keyword: keyword || undefined,
            status: status || undefined,
            roleId: roleId ? Number(roleId) : undefined,
          }),
        )}
      />
      {editing !== undefined ? (
        <StaffForm
          member={editing}
          roles={roles.map((r) => ({ value: r.roleId, label: roleLabel(r), builtinKey: r.builtinKey }))}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            message.success(t('common.saved'));
            reload();
          }}
          onCreated={(made) => {
            setEditing(undefined);
            setShown(made);
            message.success(t('staff.created'));
            reload();
          }}
        />
      ) : null}
      {watching ? <StaffSessions member={watching} onClose={() => setWatching(undefined)} /> : null}
      {auditOpen ? <StaffAuditLog onClose={() => setAuditOpen(false)} /> : null}
      {shown ? <OnceModal made={shown} onClose={() => setShown(undefined)} /> : null}
    </PageContainer>
  );
}
