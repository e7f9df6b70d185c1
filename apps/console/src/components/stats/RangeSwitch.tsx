import { STATS_RANGES, type StatsRange } from '@yuexun/contract';
import { Segmented } from 'antd';
import { useIntl } from '../../locales/intl';

export function RangeSwitch({
  value,
  onChange,
}: {
  value: StatsRange;
  onChange: (next: StatsRange) => void;
}) {
  const { t } = useIntl();
  return (
    <Segmented<StatsRange>
      value={value}
      onChange={onChange}
      options={STATS_RANGES.map((r) => ({ value: r, label: t(`stats.range.${r}`) }))}
    />
  );
}
