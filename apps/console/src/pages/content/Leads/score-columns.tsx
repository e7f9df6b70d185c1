/** The lead list's 评分 column (sorted by the server, highest first) and its 最低评分 filter (decision 057). */
import type { ProColumns } from '@ant-design/pro-components';
import type { AdminLead } from '@yuexun/contract';
import type { SortOrder } from 'antd/es/table/interface';
import type { useIntl } from '../../../locales/intl';
import { ScoreTag } from './LeadScore';

type Translate = ReturnType<typeof useIntl>['t'];

export const scoreColumns = (t: Translate): ProColumns<AdminLead>[] => [
  {
    title: t('leadScore.column'),
    dataIndex: 'score',
    search: false,
    width: 72,
    sorter: true,
    sortDirections: ['descend'],
    render: (_, r) => <ScoreTag score={r.score} />,
  },
  {
    title: t('leadScore.minScore'),
    dataIndex: 'minScore',
    valueType: 'digit',
    hideInTable: true,
    order: 4.5,
    fieldProps: { precision: 0 },
  },
];

/** The table's sort as the list's: by score when its header asks, else the newest first. */
export const sortOf = (sort: Record<string, SortOrder>) => (sort.score ? { sort: 'score' } : {});
