import { Card } from 'antd';

export default function TableList() {
  return <Card />;
}
