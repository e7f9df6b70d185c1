/** 重定向: the rules for old addresses (301/302) and the 404 log, from which a rule is made in one click. */
import { PageContainer } from '@ant-design/pro-components';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useIntl } from '../../../locales/intl';
import { SettingsEditGate } from '../shared/SettingsEditGate';
import { NotFoundLog } from './NotFoundLog';
import { RuleForm } from './RuleForm';
import { RuleTable } from './RuleTable';

export default function Redirects() {
  const { t } = useIntl();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'notFound' ? 'notFound' : 'rules';
  /** A 404 address being turned into a rule (its form opens over the log). */
  const [fromPath, setFromPath] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <PageContainer content={t('redirects.intro')}>
      <Tabs
        activeKey={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'rules',
            label: t('redirects.tab.rules'),
            children: (
              <SettingsEditGate>
                <RuleTable />
              </SettingsEditGate>
            ),
          },
          {
            key: 'notFound',
            label: t('redirects.tab.notFound'),
            children: (
              <SettingsEditGate>
                <NotFoundLog key={reloadKey} onRedirect={setFromPath} />
              </SettingsEditGate>
            ),
          },
        ]}
      />
      {fromPath !== null && (
        <RuleForm
          rule={null}
          fromPath={fromPath}
          onClose={() => setFromPath(null)}
          onSaved={() => {
            setFromPath(null);
            setReloadKey((k) => k + 1);
          }}
        />
      )}
    </PageContainer>
  );
}
