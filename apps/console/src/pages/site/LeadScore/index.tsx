/**
 * 线索评分 (leads.scoring, decision 057): points for answers (fit) and for what the visitor did (behaviour).
 * Saved whole with the version it was loaded with; the server checks the rules with the contract's schema and
 * answers a contradictory or invalid rule with its reason, which the save shows.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import {
  type LeadScoreRules,
  SCORE_BEHAVIOURS,
  SCORE_MATCHES,
  SCORE_POINTS_MAX,
  type ScoreBehaviour,
  type ScoreFitRule,
} from '@yuexun/contract';
import { Button, Card, Form, Input, InputNumber, Select, Skeleton, Space, Typography } from 'antd';
import { SaveBar } from '../../../components/SaveBar';
import { useWholeRecordForm } from '../../../components/useWholeRecordForm';
import { useIntl } from '../../../locales/intl';
import { loadLeadScoreRules, saveLeadScoreRules } from '../../../services/lead-score';

type Loaded = Awaited<ReturnType<typeof loadLeadScoreRules>>;
type BehaviourValues = Record<ScoreBehaviour, { points?: number | null; cap?: number | null }>;
interface Values {
  fit: ScoreFitRule[];
  behaviour: BehaviourValues;
}

const valuesOf = (r: Loaded): Values => ({
  fit: r.fit,
  behaviour: Object.fromEntries(
    SCORE_BEHAVIOURS.map((b) => {
      const rule = r.behaviour.find((x) => x.behaviour === b);
      return [b, { points: rule?.points ?? null, cap: rule?.cap ?? null }];
    }),
  ) as BehaviourValues,
});

/** A behaviour without points is not scored; a cap left blank is the points themselves (once). */
const rulesOf = (v: Values): LeadScoreRules => ({
  fit: v.fit ?? [],
  behaviour: SCORE_BEHAVIOURS.flatMap((behaviour) => {
    const { points, cap } = v.behaviour?.[behaviour] ?? {};
    if (points === null || points === undefined) return [];
    return [{ behaviour, points, cap: cap ?? Math.abs(points) }];
  }),
});

const save = (v: Values, loaded: Loaded) =>
  saveLeadScoreRules({ rules: rulesOf(v), version: loaded.version });

export default function LeadScorePage() {
  const { t } = useIntl();
  const { form, loaded, saving, submit } = useWholeRecordForm({
    load: loadLeadScoreRules,
    valuesOf,
    save,
    done: t('leadScore.saved'),
  });
  const points = { min: -SCORE_POINTS_MAX, max: SCORE_POINTS_MAX, precision: 0, style: { width: 96 } };

  return (
    <PageContainer content={t('leadScore.intro')}>
      {loaded ? (
        <Form form={form} layout="vertical" style={{ maxWidth: 880 }}>
          <Card title={t('leadScore.fit')} style={{ marginBottom: 24 }}>
            <Typography.Paragraph type="secondary">{t('leadScore.fit.extra')}</Typography.Paragraph>
            <Form.List name="fit">
              {(rows, { add, remove }) => (
                <>
                  {rows.map((row) => (
                    <Space
                      key={row.key}
                      wrap
                      align="end"
                      style={{ marginBottom: 8 }}
                      data-testid="score-fit-row"
                    >
                      <Form.Item
                        name={[row.name, 'key']}
                        label={t('leadScore.fit.key')}
                        style={{ marginBottom: 0 }}
                      >
                        <Input placeholder="schoolType" style={{ width: 140 }} />
                      </Form.Item>
                      <Form.Item
                        name={[row.name, 'match']}
                        label={t('leadScore.fit.match')}
                        style={{ marginBottom: 0 }}
                      >
                        <Select
                          style={{ width: 96 }}
                          options={SCORE_MATCHES.map((m) => ({ value: m, label: t(`leadScore.match.${m}`) }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[row.name, 'value']}
                        label={t('leadScore.fit.value')}
                        style={{ marginBottom: 0 }}
                      >
                        <Input style={{ width: 160 }} />
                      </Form.Item>
                      <Form.Item
                        name={[row.name, 'points']}
                        label={t('leadScore.fit.points')}
                        style={{ marginBottom: 0 }}
                      >
                        <InputNumber {...points} />
                      </Form.Item>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('leadScore.fit.remove')}
                        onClick={() => remove(row.name)}
                      />
                    </Space>
                  ))}
                  <div>
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => add({ key: '', match: 'is', value: '', points: 10 })}
                    >
                      {t('leadScore.fit.add')}
                    </Button>
                  </div>
                </>
              )}
            </Form.List>
          </Card>
          <Card title={t('leadScore.behaviour')} style={{ marginBottom: 24 }}>
            <Typography.Paragraph type="secondary">{t('leadScore.behaviour.extra')}</Typography.Paragraph>
            {SCORE_BEHAVIOURS.map((b) => (
              <Space key={b} wrap align="end" style={{ marginBottom: 8, width: '100%' }}>
                <span style={{ display: 'inline-block', width: 200 }}>{t(`leadScore.behaviour.${b}`)}</span>
                <Form.Item
                  name={['behaviour', b, 'points']}
                  label={t('leadScore.behaviour.points')}
                  style={{ marginBottom: 0 }}
                >
                  <InputNumber
                    {...points}
                    aria-label={`${t(`leadScore.behaviour.${b}`)} ${t('leadScore.behaviour.points')}`}
                  />
                </Form.Item>
                <Form.Item
                  name={['behaviour', b, 'cap']}
                  label={t('leadScore.behaviour.cap')}
                  style={{ marginBottom: 0 }}
                >
                  <InputNumber min={1} max={SCORE_POINTS_MAX * 10} precision={0} style={{ width: 96 }} />
                </Form.Item>
              </Space>
            ))}
          </Card>
          <SaveBar
            saving={saving}
            onSave={submit}
            version={t('leadScore.version', { version: loaded.version })}
          />
        </Form>
      ) : (
        <Skeleton active />
      )}
    </PageContainer>
  );
}
