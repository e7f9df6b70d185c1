ALTER TABLE "stat_daily" ADD COLUMN "regs" integer[];--> statement-breakpoint
ALTER TABLE "stat_hourly" ADD COLUMN "regs" integer[];--> statement-breakpoint
-- Two visitor sketches merged (stats/sketch.ts, decision 038): the union of their 30-bit entries while it
-- holds at most 4,096 and none is a register; otherwise 16,384 HyperLogLog registers with the highest rank
-- each, stored as -1 - (register << 5 | rank).
CREATE FUNCTION stat_regs_merge(a integer[], b integer[]) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
      WHEN (SELECT count(*) FILTER (WHERE x < 0) = 0 AND count(DISTINCT x) <= 4096 FROM unnest(u) AS x)
      THEN (SELECT coalesce(array_agg(DISTINCT x ORDER BY x), '{}') FROM unnest(u) AS x)
      ELSE (SELECT coalesce(array_agg(-1 - ((r << 5) | k) ORDER BY -1 - ((r << 5) | k)), '{}')
        FROM (SELECT r, max(k) AS k
          FROM (SELECT CASE WHEN x < 0 THEN (-1 - x) >> 5 ELSE x >> 16 END AS r,
              CASE WHEN x < 0 THEN (-1 - x) & 31 ELSE 17 - length(ltrim((x & 65535)::bit(16)::text, '0')) END AS k
            FROM unnest(u) AS x) AS s
          GROUP BY r) AS g)
    END
    FROM (SELECT coalesce(a, '{}') || coalesce(b, '{}') AS u) AS v
$$;--> statement-breakpoint
-- Distinct visitors of a merged sketch: exact for entries; for registers linear counting while under
-- 2.5 × 16,384 with one still empty, HyperLogLog's harmonic mean above.
CREATE FUNCTION stat_visitors(regs integer[]) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
      WHEN n = 0 THEN 0
      WHEN dense = 0 THEN n::integer
      WHEN raw <= 2.5 * 16384 AND n < 16384 THEN round(16384 * ln(16384.0 / (16384 - n)))::integer
      ELSE round(raw)::integer
    END
    FROM (
      SELECT count(DISTINCT x) AS n, count(*) FILTER (WHERE x < 0) AS dense,
          (0.7213 / (1 + 1.079 / 16384)) * 16384.0 * 16384
            / ((16384 - count(DISTINCT x)) + coalesce(sum(power(2.0, -((-1 - x) & 31))) FILTER (WHERE x < 0), 0)) AS raw
        FROM unnest(coalesce(regs, '{}')) AS x
    ) AS c
$$;
