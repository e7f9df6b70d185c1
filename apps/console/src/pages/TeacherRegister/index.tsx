/**
 * User management → teacher-register confirmation: the school's registrations (pending first by filter),
 * with confirm and reject (a reason is required), filters by status and name/phone, and paging.
 */
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { confirmRegisterEmployeeTenant, type RegisterStatus } from '@yuexun/contract';
import { App, Badge, Button, Form, Grid, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { limitsOf } from '../../components/form-limits';
import { Ltr } from '../../components/Ltr';
import { tableRequest } from '../../components/table-request';
import { TimeText } from '../../components/time/TimeText';
import { useIntl } from '../../locales/intl';
import { confirmRegisterEmployee, queryRegisterEmployees } from '../../services/account';
import { fieldErrors } from '../../services/client';

const limits = limitsOf(confirmRegisterEmployeeTenant.input);

interface Registration {
  employeeId: number;
  name: string;
  phone: string;
  registerStatus: RegisterStatus;
  rejectReason: string | null;
  appliedAt: string;
}

const BADGE: Record<RegisterStatus, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  confirmed: 'success',
  rejected: 'error',
};

export default function TeacherRegister() {
  const { t, lang } = useIntl();
  const { message } = App.useApp();
  const actionRef = useRef<ActionType>(null);
  const [rejecting, setRejecting] = useState<Registration>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  // Phones: one cell per registration (name, phone, status, time, reason), no sideways scrolling.
  const phone = Grid.useBreakpoint().sm === false;

  const decide = async (row: Registration, decision: 'confirm' | 'reject', reason?: string) => {
    if (busy) return false;
    setBusy(true);
    try {
      await confirmRegisterEmployee({ employeeId: row.employeeId, decision, reason });
      message.success(
        decision === 'confirm' ? t('teacherRegister.confirmed') : t('teacherRegister.rejected'),
      );
      actionRef.current?.reload();
      return true;
    } catch (error) {
      form.setFields(fieldErrors(error).map((f) => ({ name: f.field as 'reason', errors: [f.message] })));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const statusText = (s: RegisterStatus) => t(`teacherRegister.status.${s}`);

  const columns: ProColumns<Registration>[] = [
    { title: t('teacherRegister.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('teacherRegister.name'),
      key: 'entry',
      search: false,
      responsive: ['xs'],
      render: (_, r) => (
        <>
          <Typography.Text strong>{r.name}</Typography.Text> <Ltr>{r.phone}</Ltr>
          <br />
          <Badge status={BADGE[r.registerStatus]} text={statusText(r.registerStatus)} />
          <br />
          <Typography.Text type="secondary">
            {t('teacherRegister.appliedAt')} <TimeText iso={r.appliedAt} />
            {r.rejectReason ? (
              <>
                <br />
                {t('teacherRegister.rejectReason')}: {r.rejectReason}
              </>
            ) : null}
          </Typography.Text>
        </>
      ),
    },
    { title: t('teacherRegister.name'), dataIndex: 'name', search: false, responsive: ['sm'] },
    {
      title: t('teacherRegister.phone'),
      dataIndex: 'phone',
      search: false,
      responsive: ['sm'],
      render: (dom) => <Ltr>{dom}</Ltr>,
    },
    {
      title: t('teacherRegister.status'),
      dataIndex: 'registerStatus',
      valueType: 'select',
      initialValue: 'pending',
      responsive: ['sm'],
      valueEnum: Object.fromEntries(
        (Object.keys(BADGE) as RegisterStatus[]).map((s) => [s, { text: statusText(s), status: BADGE[s] }]),
      ),
    },
    {
      title: t('teacherRegister.appliedAt'),
      dataIndex: 'appliedAt',
      search: false,
      responsive: ['md'],
      render: (_, r) => <TimeText iso={r.appliedAt} />,
    },
    {
      title: t('teacherRegister.rejectReason'),
      dataIndex: 'rejectReason',
      search: false,
      ellipsis: true,
      responsive: ['md'],
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      width: phone ? undefined : 140,
      render: (_, row) =>
        row.registerStatus === 'pending' ? (
          <Space>
            <Popconfirm
              title={t('teacherRegister.confirm.title', { name: row.name })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => decide(row, 'confirm')}
            >
              <Button type="link" size="small">
                {t('teacherRegister.confirm')}
              </Button>
            </Popconfirm>
            <Button
              type="link"
              size="small"
              onClick={() => {
                form.resetFields();
                setRejecting(row);
              }}
            >
              {t('teacherRegister.reject')}
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <PageContainer title={t('teacherRegister.title')}>
      <ProTable<Registration>
        key={lang}
        actionRef={actionRef}
        rowKey="employeeId"
        headerTitle={t('teacherRegister.title')}
        search={{ labelWidth: 'auto' }}
        columns={columns}
        pagination={{ defaultPageSize: 10 }}
        scroll={phone ? undefined : { x: 800 }}
        request={tableRequest((params) =>
          queryRegisterEmployees({
            pageIndex: params.pageIndex,
            pageSize: params.pageSize,
            registerStatus: params.registerStatus || undefined,
            keyword: params.keyword || undefined,
          }),
        )}
      />
      <Modal
        open={rejecting !== undefined}
        title={rejecting ? t('teacherRegister.reject.title', { name: rejecting.name }) : ''}
        okText={t('teacherRegister.reject')}
        okButtonProps={{ danger: true, loading: busy }}
        cancelText={t('common.cancel')}
        onCancel={() => setRejecting(undefined)}
        onOk={async () => {
          const { reason } = await form.validateFields();
          if (rejecting && (await decide(rejecting, 'reject', reason))) setRejecting(undefined);
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('teacherRegister.rejectReason')}
            rules={[
              { required: true, whitespace: true, message: t('teacherRegister.reason.required') },
              ...limits.reason.rules,
            ]}
          >
            <Input.TextArea rows={3} maxLength={limits.reason.maxLength} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </PageContainer>
  );
}
