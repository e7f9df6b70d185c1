/**
 * Benchmark baseline: the stock Ant Design Pro login page (antd + ProComponents LoginForm with account and
 * phone tabs), as the template ships it, built in the same run as the console to compare weights.
 */
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm, ProFormCaptcha, ProFormCheckbox, ProFormText } from '@ant-design/pro-components';
import { App, ConfigProvider, Tabs } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

const Login = () => {
  const [type, setType] = useState('account');
  return (
    <div style={{ padding: '32px 0' }}>
      <LoginForm
        title="Ant Design"
        subTitle="Ant Design 是西湖区最具影响力的 Web 设计规范"
        onFinish={async () => true}
      >
        <Tabs
          activeKey={type}
          onChange={setType}
          centered
          items={[
            { key: 'account', label: '账户密码登录' },
            { key: 'mobile', label: '手机号登录' },
          ]}
        />
        {type === 'account' ? (
          <>
            <ProFormText
              name="username"
              fieldProps={{ size: 'large', prefix: <UserOutlined /> }}
              placeholder="用户名: admin or user"
              rules={[{ required: true }]}
            />
            <ProFormText.Password
              name="password"
              fieldProps={{ size: 'large', prefix: <LockOutlined /> }}
              placeholder="密码: ant.design"
              rules={[{ required: true }]}
            />
          </>
        ) : (
          <>
            <ProFormText
              name="mobile"
              fieldProps={{ size: 'large', prefix: <MobileOutlined /> }}
              placeholder="手机号"
              rules={[{ required: true }, { pattern: /^1\d{10}$/, message: '不合法的手机号' }]}
            />
            <ProFormCaptcha
              name="captcha"
              fieldProps={{ size: 'large', prefix: <LockOutlined /> }}
              placeholder="请输入验证码"
              captchaTextRender={(timing, count) => (timing ? `${count} 秒后重新获取` : '获取验证码')}
              onGetCaptcha={async () => undefined}
              rules={[{ required: true }]}
            />
          </>
        )}
        <ProFormCheckbox noStyle name="autoLogin">
          自动登录
        </ProFormCheckbox>
      </LoginForm>
    </div>
  );
};

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1890ff' } }}>
      <App>
        <Login />
      </App>
    </ConfigProvider>,
  );
}
