/**
 * 线索评分 as a pure function (decision 057): a lead's answers and the kinds of pages its visitor viewed in,
 * the score and each rule that added or took away points out. Kept apart from the database so the rules'
 * meaning is tested without one.
 */
import {
  type FormAnswer,
  type FormAnswers,
  type FormField,
  type LeadScoreReason,
  type LeadScoreRules,
  type ScoreBehaviour,
  type ScoreFitRule,
  schoolTypeLabels,
  type VisitPageKind,
} from '@yuexun/contract';

/** What a rule is matched against: the answers (legacy leads: their columns) and the visit's pages. */
export interface LeadFacts {
  answers: FormAnswers;
  /** The questions of the lead's form version, for the reasons' labels. */
  fields: readonly Pick<FormField, 'key' | 'label'>[];
  /** The kind of each page of the lead's 访问轨迹 (visitPageKindOf). */
  pageKinds: readonly VisitPageKind[];
  /** Visits after the one the lead was sent from (return visits within 30 days). */
  returnVisits: number;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** An answer as the texts a rule may name: the stored value and, for a school type, its Chinese label. */
const textsOf = (answer: FormAnswer): string[] => {
  if (Array.isArray(answer)) return answer;
  if (typeof answer === 'boolean') return [];
  const value = String(answer);
  const label = schoolTypeLabels[value as keyof typeof schoolTypeLabels];
  return label ? [value, label] : [value];
};

const numberOf = (answer: FormAnswer): number | null => {
  if (typeof answer === 'number') return answer;
  if (typeof answer === 'string' && NUMBER.test(answer.trim())) return Number(answer.trim());
  return null;
};

export const fitMatches = (rule: ScoreFitRule, answer: FormAnswer | undefined): boolean => {
  if (answer === undefined) return false;
  if (rule.match === 'atLeast' || rule.match === 'atMost') {
    const n = numberOf(answer);
    if (n === null) return false;
    return rule.match === 'atLeast' ? n >= Number(rule.value) : n <= Number(rule.value);
  }
  const texts = textsOf(answer);
  return rule.match === 'is'
    ? texts.some((t) => t === rule.value)
    : texts.some((t) => t.toLowerCase().includes(rule.value.toLowerCase()));
};

/** How many times the visitor did each behaviour. */
export const behaviourCount = (behaviour: ScoreBehaviour, facts: LeadFacts): number =>
  behaviour === 'returnVisit' ? facts.returnVisits : facts.pageKinds.filter((k) => k === behaviour).length;

export const scoreLead = (
  rules: LeadScoreRules,
  facts: LeadFacts,
): { score: number; reasons: LeadScoreReason[] } => {
  const reasons: LeadScoreReason[] = [];
  for (const rule of rules.fit) {
    if (!fitMatches(rule, facts.answers[rule.key])) continue;
    const label = facts.fields.find((f) => f.key === rule.key)?.label ?? '';
    reasons.push({
      type: 'fit',
      key: rule.key,
      label,
      match: rule.match,
      value: rule.value,
      points: rule.points,
    });
  }
  for (const rule of rules.behaviour) {
    const count = behaviourCount(rule.behaviour, facts);
    if (count === 0) continue;
    // Each time adds the rule's points, up to its cap (a negative rule takes away at most the cap).
    const points = Math.sign(rule.points) * Math.min(Math.abs(rule.points) * count, rule.cap);
    reasons.push({ type: 'behaviour', behaviour: rule.behaviour, count, points });
  }
  return { score: reasons.reduce((sum, r) => sum + r.points, 0), reasons };
};
