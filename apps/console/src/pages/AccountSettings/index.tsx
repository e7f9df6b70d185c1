import { Card } from 'antd';

export default function AccountSettings() {
  return <Card />;
}
