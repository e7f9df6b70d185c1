/**
 * Demo schools, accounts, registrations, applications and cover pictures, applied once (seed_run
 * 'demo-accounts-v1') in one transaction like the content seed. Passwords come from the
 * configuration or are generated here and handed back so start-up can log them once.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  account,
  employee,
  file,
  operationCode,
  productApp,
  seedRun,
  tenant,
  tenantProduct,
} from '../db/schema';
import { generatePassword, hashPassword } from '../shared/auth/password';
import { assignMissingRoles } from '../shared/auth/roles';
import {
  demoAccounts,
  demoEmployees,
  demoProductApps,
  demoTenants,
  pendingRegistrations,
  schoolAdmins,
  vendorOrganisation,
  vendorStaff,
} from './content/accounts';
import { coverUuids, demoCovers } from './covers';
import { seedOnce } from './seed-once';

export const DEMO_ACCOUNTS_SEED = 'demo-accounts-v1';
/** Added later, so databases seeded before it get the vendor and the school admins too. */
export const DEMO_ORGANISATIONS_SEED = 'demo-organisations-v1';

export interface AccountSeedOptions {
  adminPassword: string | null;
  userPassword: string | null;
}

export interface AccountSeedResult {
  seeded: boolean;
  /** Passwords made up because none was configured: shown once in the log, stored only hashed. */
  generated: { username: string; password: string; variable: string }[];
}

const COVERED_KINDS = ['news', 'case', 'solution'];

const alreadySeeded = async (db: Db, name: string) =>
  (await db.select().from(seedRun).where(eq(seedRun.name, name))).length > 0;

/** Hashes the configured password of each account, or a generated one that start-up logs once. */
const passwordsFor = async (
  usernames: readonly string[],
  options: AccountSeedOptions,
  generated: AccountSeedResult['generated'],
) => {
  const passwords = new Map<string, string>();
  for (const username of usernames) {
    const isAdmin = username === 'admin';
    const configured = isAdmin ? options.adminPassword : options.userPassword;
    const password = configured ?? generatePassword();
    if (!configured)
      generated.push({ username, password, variable: isAdmin ? 'ADMIN_PASSWORD' : 'USER_PASSWORD' });
    passwords.set(username, await hashPassword(password));
  }
  return passwords;
};

export const seedDemoAccounts = async (db: Db, options: AccountSeedOptions): Promise<AccountSeedResult> => {
  const generated: AccountSeedResult['generated'] = [];
  const seeded = await seedSchoolsAndAccounts(db, options, generated);
  const organised = await seedOrganisations(db, options, generated);
  // Every demo membership gets the role its access level means (docs/decisions/032).
  await assignMissingRoles(db);
  return { seeded: seeded || organised, generated };
};

const seedSchoolsAndAccounts = async (
  db: Db,
  options: AccountSeedOptions,
  generated: AccountSeedResult['generated'],
) => {
  // Hashing passwords and drawing covers take a moment: skip them on every later start.
  if (await alreadySeeded(db, DEMO_ACCOUNTS_SEED)) return false;
  const covers = await demoCovers();
  const made: AccountSeedResult['generated'] = [];
  const passwords = await passwordsFor(
    demoAccounts.map((a) => a.username),
    options,
    made,
  );

  const seeded = await seedOnce(db, DEMO_ACCOUNTS_SEED, async (tx) => {
    await tx.insert(file).values(
      covers.map((c) => ({
        uuid: c.uuid,
        name: c.name,
        size: c.bytes.length,
        format: c.format,
        contentType: c.contentType,
        sha256: c.sha256,
        width: c.width,
        height: c.height,
        visibility: 'public',
      })),
    );
    const coverAt = (i: number) => (covers[i % covers.length] as (typeof covers)[number]).uuid;

    const tenants = await tx
      .insert(tenant)
      .values(demoTenants.map(({ key: _key, ...t }) => t))
      .returning({ id: tenant.id, name: tenant.name });
    const tenantId = new Map(demoTenants.map((t, i) => [t.key, tenants[i]?.id as number]));

    const accounts = await tx
      .insert(account)
      .values(demoAccounts.map((a) => ({ ...a, passwordHash: passwords.get(a.username) })))
      .returning({ id: account.id, username: account.username });
    const accountId = new Map(accounts.map((a) => [a.username, a.id]));
    const person = new Map(demoAccounts.map((a) => [a.username, a]));

    await tx.insert(employee).values(
      demoEmployees.map((e) => ({
        tenantId: tenantId.get(e.tenant) as number,
        accountId: accountId.get(e.username) as number,
        name: person.get(e.username)?.name ?? e.username,
        phone: person.get(e.username)?.phone ?? '',
        access: e.access,
        registerStatus: 'confirmed' as const,
      })),
    );
    await tx.insert(employee).values(
      pendingRegistrations.map((r) => ({
        tenantId: tenantId.get(r.tenant) as number,
        name: r.name,
        phone: r.phone,
        appliedAt: new Date(Date.now() - r.daysAgo * 24 * 3600_000),
      })),
    );

    for (const [i, app] of demoProductApps.entries()) {
      const [row] = await tx
        .insert(productApp)
        .values({
          appKey: app.appKey,
          name: app.name,
          entryUrl: app.entryUrl,
          iconFileUuid: coverAt(i),
          sort: i * 10,
        })
        .returning({ id: productApp.id });
      const id = row?.id as number;
      await tx
        .insert(tenantProduct)
        .values(app.tenants.map((t) => ({ tenantId: tenantId.get(t) as number, productAppId: id })));
      await tx
        .insert(operationCode)
        .values(app.codes.map((c, sort) => ({ ...c, productAppId: id, sort: sort * 10 })));
    }

    // Covers for the articles that show one (news, cases, solutions) and for every product.
    const coverList = sql.join(
      covers.map((c, n) => sql`(${c.uuid}::text, ${n}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update article a set cover_file_uuid = c.uuid
          from (select a2.id, ((row_number() over (order by a2.id) - 1) % ${covers.length}::int)::int as n
                from article a2 join category k on k.id = a2.category_id
                where k.kind in (${sql.join(
                  COVERED_KINDS.map((k) => sql`${k}`),
                  sql`, `,
                )})) o
          join (values ${coverList}) as c(uuid, n) on c.n = o.n
          where a.id = o.id and a.cover_file_uuid is null`,
    );
    await tx.execute(
      sql`update product p set cover_file_uuid = c.uuid
          from (select id, ((row_number() over (order by id) - 1) % ${covers.length}::int)::int as n from product) o
          join (values ${coverList}) as c(uuid, n) on c.n = o.n
          where p.id = o.id and p.cover_file_uuid is null`,
    );
    return true;
  });
  if (seeded) generated.push(...made);
  return seeded;
};

/**
 * The vendor that owns the site with `admin` and `user` as its staff, and admins of their own for the
 * other demo schools. Schools or accounts missing (or renamed) in an older database are skipped.
 */
const seedOrganisations = async (
  db: Db,
  options: AccountSeedOptions,
  generated: AccountSeedResult['generated'],
) => {
  if (await alreadySeeded(db, DEMO_ORGANISATIONS_SEED)) return false;
  const made: AccountSeedResult['generated'] = [];
  const passwords = await passwordsFor(
    schoolAdmins.map((a) => a.username),
    options,
    made,
  );
  const seeded = await seedOnce(db, DEMO_ORGANISATIONS_SEED, async (tx) => {
    const [vendor] = await tx
      .insert(tenant)
      .values(vendorOrganisation)
      .onConflictDoNothing()
      .returning({ id: tenant.id });
    if (vendor) {
      const staff = await tx
        .select({ id: account.id, username: account.username, name: account.name, phone: account.phone })
        .from(account)
        .where(
          inArray(
            account.username,
            vendorStaff.map((s) => s.username),
          ),
        );
      const rows = vendorStaff.flatMap((s) => {
        const person = staff.find((a) => a.username === s.username);
        return person
          ? [
              {
                tenantId: vendor.id,
                accountId: person.id,
                name: person.name,
                phone: person.phone ?? '',
                access: s.access,
                registerStatus: 'confirmed' as const,
              },
            ]
          : [];
      });
      if (rows.length) await tx.insert(employee).values(rows);
    }
    const schools = await tx
      .select({ id: tenant.id, name: tenant.name })
      .from(tenant)
      .where(
        inArray(
          tenant.name,
          demoTenants.map((t) => t.name),
        ),
      );
    for (const head of schoolAdmins) {
      const school = schools.find((t) => t.name === demoTenants.find((d) => d.key === head.tenant)?.name);
      if (!school) continue;
      const [person] = await tx
        .insert(account)
        .values({
          username: head.username,
          name: head.name,
          phone: head.phone,
          passwordHash: passwords.get(head.username),
        })
        .onConflictDoNothing()
        .returning({ id: account.id });
      if (!person) continue;
      await tx.insert(employee).values({
        tenantId: school.id,
        accountId: person.id,
        name: head.name,
        phone: head.phone,
        access: 'admin',
        registerStatus: 'confirmed' as const,
      });
    }
    return true;
  });
  if (seeded) generated.push(...made);
  return seeded;
};

/** The cover files the blob store must hold; start-up draws any that are missing. */
export const seededCoverUuids = async (db: Db) => {
  const rows = await db.select({ uuid: file.uuid }).from(file).where(inArray(file.uuid, coverUuids()));
  return new Set(rows.map((r) => r.uuid));
};
