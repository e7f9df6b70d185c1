/**
 * 表单转化 (decision 057): per form, the views of pages that showed it, the leads sent with it and the rate, for
 * the dashboard's period. Views come from the statistics beacon, wherever the form is placed.
 */
import type { FormConversionRow, StatsRange } from '@yuexun/contract';
import { Card, Skeleton, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from '../../locales/intl';
import { loadFormConversion } from '../../services/stats';
import { percent } from './range';

export function FormConversionCard({ range }: { range: StatsRange }) {
  const { t } = useIntl();
  const [rows, setRows] = useState<FormConversionRow[] | null>(null);
  useEffect(() => {
    let live = true;
    setRows(null);
    void loadFormConversion(range).then((loaded) => {
      if (live) setRows(loaded);
    });
    return () => {
      live = false;
    };
  }, [range]);
  return (
    <Card
      size="small"
      title={t('stats.forms')}
      style={{ height: '100%' }}
      role="region"
      aria-label={t('stats.forms')}
    >
      {rows === null ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : (
        <Table
          size="small"
          rowKey="formId"
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('stats.empty') }}
          columns={[
            { title: t('stats.forms.form'), dataIndex: 'name', ellipsis: true },
            { title: t('stats.forms.views'), dataIndex: 'views', align: 'right', width: 80 },
            { title: t('stats.forms.submissions'), dataIndex: 'submissions', align: 'right', width: 70 },
            {
              title: t('stats.forms.rate'),
              dataIndex: 'rate',
              align: 'right',
              width: 80,
              render: (rate: number, r) => (r.views > 0 ? percent(rate) : '-'),
            },
          ]}
        />
      )}
    </Card>
  );
}
