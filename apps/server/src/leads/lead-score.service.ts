/**
 * 线索评分 in the database (decision 057): the site's one row of rules, and the score stored on each lead with
 * its reasons. A lead is scored when it arrives (after its visit is bound), when return visits join it
 * (visit-pages' flush) and, every lead, when the rules are saved: the list sorts and filters by a column,
 * never by a score computed per read.
 */
import {
  type LeadScoreRules,
  messages,
  type ScoreBehaviourRule,
  type ScoreFitRule,
  SITE_ID,
  visitPageKindOf,
} from '@yuexun/contract';
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention as lead, leadScoreRules, leadVisit, visitPage } from '../db/schema';
import { updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';
import { type LeadFacts, scoreLead } from './lead-score';
import { fieldsOfVersions } from './live-form.service';

/** The rules the submission path reads through the read cache (a save empties it). */
export const LEAD_SCORE_RULES_CACHE_KEY = 'lead-score:rules';
/** Leads rescored per statement batch when the rules change. */
const BATCH = 500;

/** The site's rules row, created empty on first read (no rule: every score is 0). */
export const readScoreRules = async (db: Db) => {
  await db.insert(leadScoreRules).values({ siteId: SITE_ID }).onConflictDoNothing();
  const [row] = await db.select().from(leadScoreRules).where(eq(leadScoreRules.siteId, SITE_ID));
  if (!row) throw new Error('lead_score_rules row missing after insert');
  return row;
};

export const scoreRulesRecord = (row: Awaited<ReturnType<typeof readScoreRules>>) => ({
  fit: row.fit,
  behaviour: row.behaviour,
  version: row.version,
  updatedAt: row.updatedAt?.toISOString() ?? null,
});

/** Saves the rules (409 on an old version, one audit row) and rescores every lead in the same transaction. */
export const saveScoreRules = async (db: Db, actor: Actor, rules: LeadScoreRules, version: number) => {
  await readScoreRules(db);
  await updateVersioned(db, actor, {
    table: leadScoreRules,
    key: leadScoreRules.siteId,
    id: SITE_ID,
    version,
    missing: { field: 'version', message: messages.leadNotFound },
    targetType: 'lead_score_rules',
    change: (before) => {
      const set = { fit: rules.fit, behaviour: rules.behaviour };
      return { set, detail: { name: '线索评分规则', changes: changedFields(before, set) } };
    },
    after: (tx) => rescoreAllLeads(tx, rules),
  });
  return scoreRulesRecord(await readScoreRules(db));
};

/** Legacy leads (before forms were data) have no answers: their columns stand in, under the same keys. */
const LEGACY_KEYS = [
  'schoolType',
  'region',
  'role',
  'schoolName',
  'companyName',
  'businessScope',
  'teamSize',
] as const;

const leadColumns = {
  id: lead.id,
  formId: lead.formId,
  formVersion: lead.formVersion,
  answers: lead.answers,
  schoolType: lead.schoolType,
  region: lead.region,
  role: lead.role,
  schoolName: lead.schoolName,
  companyName: lead.companyName,
  businessScope: lead.businessScope,
  teamSize: lead.teamSize,
} satisfies Record<'id' | 'formId' | 'formVersion' | 'answers' | (typeof LEGACY_KEYS)[number], unknown>;

const selectLeads = (db: Db, where: SQL | undefined) => db.select(leadColumns).from(lead).where(where);
type LeadRow = Awaited<ReturnType<typeof selectLeads>>[number];

/** Each lead's answers, questions, page kinds and return visits. */
const factsOf = async (db: Db, rows: LeadRow[]): Promise<Map<number, LeadFacts>> => {
  const ids = rows.map((r) => r.id);
  const [versions, pages, sent] = await Promise.all([
    fieldsOfVersions(
      db,
      rows.flatMap((r) =>
        r.formId !== null && r.formVersion !== null ? [{ formId: r.formId, version: r.formVersion }] : [],
      ),
    ),
    db
      .select({ leadId: visitPage.leadId, visitId: visitPage.visitId, path: visitPage.path })
      .from(visitPage)
      .where(inArray(visitPage.leadId, ids)),
    db
      .select({ leadId: leadVisit.leadId, visitId: leadVisit.visitId })
      .from(leadVisit)
      .where(inArray(leadVisit.leadId, ids)),
  ]);
  const facts = new Map<number, LeadFacts>();
  for (const row of rows) {
    const legacy = Object.fromEntries(LEGACY_KEYS.flatMap((key) => (row[key] ? [[key, row[key]]] : [])));
    const own = pages.filter((p) => p.leadId === row.id);
    const sentVisit = sent.find((s) => s.leadId === row.id)?.visitId;
    const visits = new Set(own.map((p) => p.visitId).filter((v) => v !== sentVisit));
    facts.set(row.id, {
      answers: { ...legacy, ...(row.answers ?? {}) },
      fields: versions.get(`${row.formId}:${row.formVersion}`) ?? [],
      pageKinds: own.map((p) => visitPageKindOf(p.path)),
      returnVisits: visits.size,
    });
  }
  return facts;
};

/** Scores the leads matching `where` with these rules and stores each score that changed. */
const rescoreWhere = async (db: Db, rules: LeadScoreRules, where: SQL | undefined) => {
  const rows = await selectLeads(db, where);
  if (rows.length === 0) return;
  const facts = await factsOf(db, rows);
  for (const row of rows) {
    const found = facts.get(row.id);
    if (!found) continue;
    const { score, reasons } = scoreLead(rules, found);
    await db.update(lead).set({ score, scoreReasons: reasons }).where(eq(lead.id, row.id));
  }
};

const rulesOf = (row: { fit: ScoreFitRule[]; behaviour: ScoreBehaviourRule[] }): LeadScoreRules => ({
  fit: row.fit,
  behaviour: row.behaviour,
});

/** Every lead of the site, in batches by id (the rules changed). */
export const rescoreAllLeads = async (db: Db, rules: LeadScoreRules) => {
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: lead.id })
      .from(lead)
      .where(and(eq(lead.siteId, SITE_ID), gt(lead.id, after)))
      .orderBy(asc(lead.id))
      .limit(BATCH);
    const last = batch.at(-1);
    if (!last) return;
    await rescoreWhere(
      db,
      rules,
      inArray(
        lead.id,
        batch.map((b) => b.id),
      ),
    );
    after = last.id;
  }
};

/** These leads (a new lead, return visits joined), with the rules given or read now. */
export const rescoreLeads = async (db: Db, leadIds: number[], rules?: LeadScoreRules) => {
  const ids = [...new Set(leadIds)];
  if (ids.length === 0) return;
  await rescoreWhere(db, rules ?? rulesOf(await readScoreRules(db)), inArray(lead.id, ids));
};
