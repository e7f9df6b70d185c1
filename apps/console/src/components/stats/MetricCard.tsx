/** One headline number of the dashboard, the previous period's beside it, linking to its detail list. */
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import { Card, Statistic, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useIntl } from '../../locales/intl';
import { changeOf, percent } from './range';

export function MetricCard({
  title,
  value,
  previous,
  show = String,
  to,
  hint,
}: {
  title: string;
  value: number;
  previous: number;
  show?: (n: number) => string;
  to: string;
  /** How the figure is defined, in a tooltip beside the title (a press on it does not follow the link). */
  hint?: string;
}) {
  const { t } = useIntl();
  const change = changeOf(value, previous);
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Link to={to} aria-label={`${title} ${show(value)}`} style={{ color: 'inherit' }}>
        <Statistic
          title={
            hint ? (
              <>
                {title}{' '}
                <Tooltip title={hint}>
                  <QuestionCircleOutlined
                    role="img"
                    aria-label={hint}
                    tabIndex={0}
                    onClick={(event) => event.preventDefault()}
                  />
                </Tooltip>
              </>
            ) : (
              title
            )
          }
          value={show(value)}
        />
      </Link>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('stats.previous', { value: show(previous) })}
        {change !== null && change !== 0 && (
          <Typography.Text
            type={change > 0 ? 'success' : 'danger'}
            style={{ fontSize: 12, marginInlineStart: 8 }}
          >
            {change > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {percent(Math.abs(change))}
          </Typography.Text>
        )}
      </Typography.Text>
    </Card>
  );
}
