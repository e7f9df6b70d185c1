/**
 * 测试连接: reads the issuer in the form (or the saved one) as sign-in will and shows what the provider published,
 * or why it could not be read, before anyone relies on it.
 */
import type { SsoConnectionReport } from '@yuexun/contract';
import { Alert, Button, Descriptions, Space, Tag } from 'antd';
import { useState } from 'react';
import { useIntl } from '../../../locales/intl';
import { testSsoConnection } from '../../../services/sign-in';

export function ConnectionTest({ issuer }: { issuer: string | undefined }) {
  const { t } = useIntl();
  const [testing, setTesting] = useState(false);
  const [report, setReport] = useState<SsoConnectionReport | null>(null);
  const run = () => {
    setTesting(true);
    testSsoConnection(issuer?.trim() || undefined)
      .then(setReport)
      .catch(() => setReport(null))
      .finally(() => setTesting(false));
  };
  const yes = (value: boolean) => (
    <Tag color={value ? 'success' : 'error'}>{t(value ? 'signIn.test.yes' : 'signIn.test.no')}</Tag>
  );
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 24 }}>
      <Button onClick={run} loading={testing}>
        {t('signIn.test')}
      </Button>
      {report && (
        <>
          <Alert
            type={report.problem ? 'error' : 'success'}
            showIcon
            message={report.problem ?? t('signIn.test.ok', { ms: report.tookMs })}
          />
          {report.reachable && (
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label="issuer">{report.issuer ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="authorization_endpoint">
                {report.authorizationEndpoint ?? '-'}
              </Descriptions.Item>
              <Descriptions.Item label="token_endpoint">{report.tokenEndpoint ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="userinfo_endpoint">
                {report.userinfoEndpoint ?? '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('signIn.test.keys')}>{report.signingKeys}</Descriptions.Item>
              <Descriptions.Item label={t('signIn.test.pkce')}>{yes(report.pkceS256)}</Descriptions.Item>
              <Descriptions.Item label={t('signIn.test.scopes')}>
                {report.scopesSupported.join(' ') || '-'}
              </Descriptions.Item>
            </Descriptions>
          )}
        </>
      )}
    </Space>
  );
}
