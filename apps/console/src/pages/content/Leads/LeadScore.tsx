/** 线索评分 on the lead (decision 057): the score and each rule that added or took away points. */
import type { AdminLead, LeadScoreReason } from '@yuexun/contract';
import { List, Tag, Typography } from 'antd';
import { useIntl } from '../../../locales/intl';

type Translate = ReturnType<typeof useIntl>['t'];

export const scoreColor = (score: number) =>
  score >= 60 ? 'red' : score >= 30 ? 'orange' : score > 0 ? 'gold' : 'default';

export const ScoreTag = ({ score }: { score: number }) => <Tag color={scoreColor(score)}>{score}</Tag>;

/** A reason as a person reads it: "学校类型等于“小学”" or "浏览价格商城 2 次". */
export const reasonText = (reason: LeadScoreReason, t: Translate) =>
  reason.type === 'fit'
    ? t('leadScore.reason.fit', {
        label: reason.label || reason.key,
        match: t(`leadScore.match.${reason.match}`),
        value: reason.value,
      })
    : t('leadScore.reason.behaviour', {
        behaviour: t(`leadScore.behaviour.${reason.behaviour}`),
        count: reason.count,
      });

export function LeadScore({ lead }: { lead: AdminLead }) {
  const { t } = useIntl();
  return (
    <section style={{ marginBottom: 24 }} data-testid="lead-score">
      <Typography.Title level={5}>
        {t('leadScore.drawer')} <ScoreTag score={lead.score} />
      </Typography.Title>
      {lead.scoreReasons.length === 0 ? (
        <Typography.Text type="secondary">{t('leadScore.drawer.none')}</Typography.Text>
      ) : (
        <List
          size="small"
          bordered
          dataSource={lead.scoreReasons}
          renderItem={(reason) => (
            <List.Item
              extra={
                <Typography.Text strong>
                  {reason.points > 0 ? `+${reason.points}` : reason.points}
                </Typography.Text>
              }
            >
              {reasonText(reason, t)}
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
