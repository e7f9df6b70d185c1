/** The spinner shown while a page's chunk or the current user loads (router and layout alike). */
import { Spin } from 'antd';

export const PageLoading = () => (
  <div style={{ display: 'flex', justifyContent: 'center', padding: 96 }}>
    <Spin size="large" />
  </div>
);
