/**
 * 线索评分 (issue 33 item 3, docs/decisions/057-lead-score.md): points the vendor gives to a lead's answers
 * (fit: school type, role, region, budget …) and to what its visitor did on the site (behaviour: price-shop
 * views, solution and case pages, return visits, downloads). The score is stored on the lead with its reasons
 * and recomputed when the rules change or the lead's visits are joined. The rules are checked here, by the
 * same schema on the server and in the console, so a contradictory rule is refused with its reason.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalIntInRange, versionField } from './admin-fields';
import { optionalOneOf, prepared, readJsonText, siteScoped } from './fields';
import { FORM_KEY_PATTERN } from './forms';

/** How an answer is compared: equal to (or one of the picked options), contains, at least, at most. */
export const SCORE_MATCHES = ['is', 'contains', 'atLeast', 'atMost'] as const;
export type ScoreMatch = (typeof SCORE_MATCHES)[number];
/** What a visitor did (counted from the lead's 访问轨迹, decision 054). */
export const SCORE_BEHAVIOURS = ['price', 'solution', 'case', 'download', 'returnVisit'] as const;
export type ScoreBehaviour = (typeof SCORE_BEHAVIOURS)[number];

/** The lead list's order: the newest first (default) or the highest score first. */
export const LEAD_SORTS = ['newest', 'score'] as const;

export const SCORE_POINTS_MAX = 100;
export const SCORE_FIT_RULES_MAX = 100;
export const SCORE_VALUE_MAX = 40;

export const scoreMessages = {
  keyInvalid: '问题标识须以英文字母开头，只含字母、数字和下划线，例如 schoolType',
  valueRequired: '请填写回答的值',
  valueTooLong: `回答的值最多 ${SCORE_VALUE_MAX} 个字`,
  notNumber: (value: string) => `“至少”“至多”须与数字比较，“${value}”不是数字`,
  pointsInvalid: `分值须为 -${SCORE_POINTS_MAX} 到 ${SCORE_POINTS_MAX} 之间的整数，且不为 0`,
  capInvalid: `上限须为 1 到 ${SCORE_POINTS_MAX * 10} 之间的整数`,
  capBelowPoints: (name: string) => `“${name}”的上限不能小于每次得分`,
  duplicateFit: (key: string, value: string) => `“${key}”的回答“${value}”已有一条相同的规则`,
  duplicateBehaviour: (name: string) => `“${name}”只能有一条规则`,
  contradictory: (key: string) => `“${key}”的“至少”大于“至多”且两条都加分，没有回答能同时满足`,
  tooManyRules: `评分规则最多 ${SCORE_FIT_RULES_MAX} 条`,
  rulesInvalid: '评分规则格式不正确',
} as const;

/** Chinese names of the behaviours: the refusal messages (the console has its own locale strings). */
export const scoreBehaviourNames: Record<ScoreBehaviour, string> = {
  price: '浏览价格商城',
  solution: '浏览解决方案',
  case: '浏览案例',
  download: '浏览下载中心',
  returnVisit: '回访',
};

const points = z
  .number({ error: scoreMessages.pointsInvalid })
  .int({ error: scoreMessages.pointsInvalid })
  .min(-SCORE_POINTS_MAX, { error: scoreMessages.pointsInvalid })
  .max(SCORE_POINTS_MAX, { error: scoreMessages.pointsInvalid })
  .refine((v) => v !== 0, { error: scoreMessages.pointsInvalid });

export const scoreFitRule = z.object({
  /** The form field's key (the same key in several forms counts for each). */
  key: z.string({ error: scoreMessages.keyInvalid }).trim().regex(FORM_KEY_PATTERN, scoreMessages.keyInvalid),
  match: z.enum(SCORE_MATCHES, { error: '比较方式不在可选范围内' }),
  value: z
    .string({ error: scoreMessages.valueRequired })
    .trim()
    .min(1, { error: scoreMessages.valueRequired })
    .max(SCORE_VALUE_MAX, { error: scoreMessages.valueTooLong }),
  points,
});
export type ScoreFitRule = z.infer<typeof scoreFitRule>;

export const scoreBehaviourRule = z.object({
  behaviour: z.enum(SCORE_BEHAVIOURS, { error: '行为不在可选范围内' }),
  /** Points for each time (each page view, each return visit). */
  points,
  /** The most this behaviour adds (or takes away) in all. */
  cap: z
    .number({ error: scoreMessages.capInvalid })
    .int({ error: scoreMessages.capInvalid })
    .min(1, { error: scoreMessages.capInvalid })
    .max(SCORE_POINTS_MAX * 10, { error: scoreMessages.capInvalid }),
});
export type ScoreBehaviourRule = z.infer<typeof scoreBehaviourRule>;

export interface LeadScoreRules {
  fit: ScoreFitRule[];
  behaviour: ScoreBehaviourRule[];
}

const isNumeric = (v: string) => /^-?\d+(\.\d+)?$/.test(v);

/** The reasons (Chinese) a rule set cannot be saved; empty when it can. */
export const scoreRuleProblems = (rules: LeadScoreRules): string[] => {
  const problems: string[] = [];
  if (rules.fit.length > SCORE_FIT_RULES_MAX) problems.push(scoreMessages.tooManyRules);
  const seen = new Set<string>();
  for (const rule of rules.fit) {
    const id = `${rule.key}\u0000${rule.match}\u0000${rule.value}`;
    if (seen.has(id)) problems.push(scoreMessages.duplicateFit(rule.key, rule.value));
    seen.add(id);
    if ((rule.match === 'atLeast' || rule.match === 'atMost') && !isNumeric(rule.value))
      problems.push(scoreMessages.notNumber(rule.value));
  }
  // Both adding points for "at least X" and "at most Y" with X > Y: meant as a band, which no answer is in.
  const bands = new Map<string, { low?: number; high?: number }>();
  for (const rule of rules.fit) {
    if (rule.points <= 0 || !isNumeric(rule.value)) continue;
    const band = bands.get(rule.key) ?? {};
    if (rule.match === 'atLeast') band.low = Math.max(band.low ?? -Infinity, Number(rule.value));
    if (rule.match === 'atMost') band.high = Math.min(band.high ?? Infinity, Number(rule.value));
    bands.set(rule.key, band);
  }
  for (const [key, band] of bands)
    if (band.low !== undefined && band.high !== undefined && band.low > band.high)
      problems.push(scoreMessages.contradictory(key));
  const behaviours = new Set<ScoreBehaviour>();
  for (const rule of rules.behaviour) {
    const name = scoreBehaviourNames[rule.behaviour];
    if (behaviours.has(rule.behaviour)) problems.push(scoreMessages.duplicateBehaviour(name));
    behaviours.add(rule.behaviour);
    if (rule.cap < Math.abs(rule.points)) problems.push(scoreMessages.capBelowPoints(name));
  }
  return [...new Set(problems)];
};

/** The rule set as staff send it (JSON, or its text in a form body), checked as a whole. */
export const leadScoreRulesInput = prepared(
  readJsonText,
  z
    .object(
      {
        fit: z.array(scoreFitRule, { error: scoreMessages.rulesInvalid }).max(SCORE_FIT_RULES_MAX + 1),
        behaviour: z
          .array(scoreBehaviourRule, { error: scoreMessages.rulesInvalid })
          .max(SCORE_BEHAVIOURS.length + 1),
      },
      { error: scoreMessages.rulesInvalid },
    )
    .superRefine((rules, ctx) => {
      for (const problem of scoreRuleProblems(rules)) ctx.addIssue({ code: 'custom', message: problem });
    }),
);

/** One rule that added (or took away) points: the lead drawer's 评分原因. */
export const leadScoreReason = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('fit'),
    key: z.string(),
    /** The question's label in the lead's form version ('' when unknown) and the answer as read. */
    label: z.string(),
    match: z.enum(SCORE_MATCHES),
    value: z.string(),
    points: z.number().int(),
  }),
  z.object({
    type: z.literal('behaviour'),
    behaviour: z.enum(SCORE_BEHAVIOURS),
    count: z.number().int(),
    points: z.number().int(),
  }),
]);
export type LeadScoreReason = z.infer<typeof leadScoreReason>;

/** The lead's score and each rule that added or took away points (adminLead). */
export const leadScoreColumns = { score: z.number().int(), scoreReasons: z.array(leadScoreReason) };

/** The list's filter and order: at least this score; `sort: score` lists the highest score first. */
export const leadScoreCriteria = {
  minScore: optionalIntInRange('最低评分', -100_000, 100_000),
  sort: optionalOneOf('排序', LEAD_SORTS),
};

export const leadScoreRulesRecord = z.object({
  fit: z.array(scoreFitRule),
  behaviour: z.array(scoreBehaviourRule),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});

export const inquireLeadScoreRulesAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadScoreRulesAdmin',
  auth: 'admin',
  permission: 'leads.scoring',
  scope: 'site',
  summary:
    '线索评分规则：按表单回答加分（学校类型、职务、地区、预算…）和按访问行为加分（价格商城、方案、案例、下载、回访）',
  input: siteScoped,
  item: leadScoreRulesRecord,
  result: 'record',
});

export const updateLeadScoreRulesAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateLeadScoreRulesAdmin',
  auth: 'admin',
  permission: 'leads.scoring',
  scope: 'site',
  summary:
    '保存线索评分规则并重新计算全部线索的评分；规则重复、分值为 0 或越界、上限小于每次得分、“至少”“至多”与非数字比较或互相矛盾时拒绝并说明原因；version 不是最新时返回 409',
  input: siteScoped.extend({ rules: leadScoreRulesInput, version: versionField }),
  item: leadScoreRulesRecord,
  result: 'record',
  mutates: true,
  // New leads are scored with the rules read through the read cache: a save must empty it.
  affectsLeadIntake: true,
});
