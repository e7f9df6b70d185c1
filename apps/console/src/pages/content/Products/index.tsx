/** Products and their tags: two tabs. Prices are typed in yuan (two decimals) and stored in fen. */
import { PageContainer } from '@ant-design/pro-components';
import { useState } from 'react';
import { useIntl } from '../../../locales/intl';
import { ProductTable } from './ProductTable';
import { TagTable } from './TagTable';

export default function Products() {
  const { t } = useIntl();
  const [tab, setTab] = useState('products');
  return (
    <PageContainer
      tabActiveKey={tab}
      onTabChange={setTab}
      tabList={[
        { key: 'products', tab: t('products.tab.products') },
        { key: 'tags', tab: t('products.tab.tags') },
      ]}
    >
      {tab === 'products' ? <ProductTable /> : <TagTable />}
    </PageContainer>
  );
}
