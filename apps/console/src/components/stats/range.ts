/** The period a statistics page shows, kept in the address (?range=) so a link or a reload keeps it. */
import { STATS_RANGES, type StatsRange } from '@yuexun/contract';
import { useSearchParams } from 'react-router';

export const DEFAULT_RANGE: StatsRange = '7d';

export const isRange = (value: string | null): value is StatsRange =>
  (STATS_RANGES as readonly string[]).includes(value ?? '');

export const useRange = () => {
  const [params, setParams] = useSearchParams();
  const value = params.get('range');
  const range = isRange(value) ? value : DEFAULT_RANGE;
  const setRange = (next: StatsRange) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('range', next);
        return copy;
      },
      { replace: true },
    );
  return [range, setRange, params] as const;
};

/** Ratio as a percentage with one decimal: 0.0342 → 3.4%. */
export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** Change from the previous period, or null when there was nothing before to compare with. */
export const changeOf = (current: number, previous: number) =>
  previous > 0 ? (current - previous) / previous : null;
