import { Card } from 'antd';

export default function TeacherRegister() {
  return <Card />;
}
