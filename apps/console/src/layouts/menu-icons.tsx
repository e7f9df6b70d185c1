/** Menu icons, imported one by one (the whole icon set would weigh hundreds of kilobytes). */
import CrownOutlined from '@ant-design/icons/CrownOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import FundOutlined from '@ant-design/icons/FundOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import ReadOutlined from '@ant-design/icons/ReadOutlined';
import SmileOutlined from '@ant-design/icons/SmileOutlined';
import TableOutlined from '@ant-design/icons/TableOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { ReactNode } from 'react';

export const menuIcons: Record<string, ReactNode> = {
  smile: <SmileOutlined />,
  crown: <CrownOutlined />,
  table: <TableOutlined />,
  team: <TeamOutlined />,
  user: <UserOutlined />,
  file: <FileTextOutlined />,
  read: <ReadOutlined />,
  global: <GlobalOutlined />,
  fund: <FundOutlined />,
};
