/** The school's log of staff, account, session and two-step verification changes, in words, in a drawer. */
import type { AuditEntry } from '@yuexun/contract';
import { Drawer, Grid, List, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { actionText, detailLines, type Lookup, targetText } from '../../components/audit/describe';
import { TimeText } from '../../components/time/TimeText';
import { type MessageId, useIntl } from '../../locales/intl';
import { listStaffAuditLog } from '../../services/staff';

const PAGE_SIZE = 20;

export function StaffAuditLog({ onClose }: { onClose: () => void }) {
  const { t } = useIntl();
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<AuditEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const lookup: Lookup = (id, values) => {
    const text = t(id as MessageId, values);
    return text === id ? undefined : text;
  };

  useEffect(() => {
    setLoading(true);
    listStaffAuditLog(page, PAGE_SIZE)
      .then((res) => {
        setRows(res.datas);
        setTotal(res.totalRecordCount);
      })
      .finally(() => setLoading(false));
  }, [page]);

  return (
    <Drawer open width={screens.md ? 640 : '100%'} title={t('staff.audit.title')} onClose={onClose}>
      <List<AuditEntry>
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: t('staff.audit.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: setPage, size: 'small' }}
        renderItem={(e) => (
          <List.Item data-testid="staff-audit-row">
            <List.Item.Meta
              title={`${e.accountName ?? '-'} ${actionText(lookup, e.action)} ${targetText(lookup, e)}`}
              description={
                <>
                  <TimeText iso={e.at} />
                  {detailLines(lookup, e).map((line) => (
                    <Typography.Paragraph key={line} style={{ margin: 0 }}>
                      {line}
                    </Typography.Paragraph>
                  ))}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
