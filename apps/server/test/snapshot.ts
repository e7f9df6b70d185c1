/** A fingerprint of stored data, to assert that a refused request changed nothing. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../src/db/client';

const TABLES = [
  'site',
  'category',
  'article',
  'article_review',
  'product_review',
  'product',
  'product_tag',
  'product_to_tag',
  'customer_intention',
  'tenant',
  'account',
  'employee',
  'product_app',
  'tenant_product',
  'operation_code',
  'file',
  'audit_log',
  'rule',
  'account_profile',
  'password_link',
  'site_settings',
  'site_settings_revision',
  'redirect_rule',
];

/** Number of live sessions: a refused login must not create one. */
export const sessionCount = async (app: FastifyInstance) => {
  const [row] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from session`);
  return row?.n ?? 0;
};

export const dataFingerprint = async (app: FastifyInstance) => {
  await app.viewCounter.flush();
  const parts = await Promise.all(
    TABLES.map(async (table) => {
      const [row] = await queryRows<{ n: number; h: string | null }>(
        app.db,
        sql.raw(
          `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${table} t`,
        ),
      );
      return [table, `${row?.n}:${row?.h}`] as const;
    }),
  );
  return Object.fromEntries(parts);
};
