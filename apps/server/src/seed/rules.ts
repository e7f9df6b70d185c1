/**
 * About 30 demo rules for the console's rule table, in Chinese, applied once per database (seed_run).
 * Values are deterministic so screenshots and tests see the same table.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rule, tenant } from '../db/schema';
import { demoTenants } from './content/accounts';
import { seedOnce } from './seed-once';

export const DEMO_RULES_SEED = 'demo-rules-v1';

const subjects = [
  '考勤',
  '课表',
  '成绩',
  '家校通知',
  '请假审批',
  '访客登记',
  '宿舍',
  '图书借阅',
  '食堂消费',
  '校车',
];
const verbs = ['同步', '推送', '统计', '校验', '归档', '提醒'];
const statuses = ['closed', 'running', 'online', 'abnormal'] as const;

export const demoRules = () =>
  Array.from({ length: 30 }, (_, i) => {
    const subject = subjects[i % subjects.length] as string;
    const verb = verbs[(i * 7) % verbs.length] as string;
    // A fixed start (2026-09-01 08:00 Beijing time) plus i days keeps the seed identical on every run.
    const start = new Date(Date.UTC(2026, 8, 1, 0, 0, 0) + i * 86_400_000);
    return {
      name: `${subject}${verb}规则 ${String(i + 1).padStart(2, '0')}`,
      description: `每日定时${verb}${subject}数据，异常时通知学校管理员`,
      status: statuses[(i * 5) % statuses.length],
      callNo: ((i * 37) % 97) + 3,
      progress: (i * 13) % 101,
      startTime: start,
      createdAt: start,
      updatedAt: new Date(start.getTime() + ((i * 5) % 24) * 3_600_000),
    };
  });

/** The rules belong to the first demo school; without it (no demo accounts) there is nothing to seed yet. */
export const seedDemoRules = async (db: Db): Promise<boolean> => {
  const [school] = await db
    .select({ id: tenant.id })
    .from(tenant)
    .where(eq(tenant.name, demoTenants[0].name));
  if (!school) return false;
  return seedOnce(db, DEMO_RULES_SEED, async (tx) => {
    await tx.insert(rule).values(demoRules().map((r) => ({ ...r, tenantId: school.id })));
    return true;
  });
};
