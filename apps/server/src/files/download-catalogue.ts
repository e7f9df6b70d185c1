/**
 * The download centre's list (decision 013): which stored files the site's /download page offers, in display
 * order, with the title, group and description it shows. The file's name, format and size come from its `file`
 * row, so a file deleted in the console leaves the page. The seed builds and stores these files
 * (seed/downloads.ts); when staff need to edit the list, a `download` table of the same shape replaces it.
 */
import type { SiteDownload } from '@yuexun/contract';

export interface DownloadEntry {
  fileUuid: string;
  group: SiteDownload['group'];
  title: string;
  description: string;
}

export const DOWNLOAD_CATALOGUE: readonly DownloadEntry[] = [
  {
    fileUuid: '88311261-ebad-4363-a140-43c32e537ddf', // admin-manual-v5
    group: 'manual',
    title: '悦讯智慧校园管理员操作手册（V5.0）',
    description:
      '学校管理员的日常操作：登录与账号、组织架构、教职工与学生信息、应用开通与权限、数据导入导出。',
  },
  {
    fileUuid: '76927fc4-851e-4456-a2ce-fd5d900ddf32', // teacher-app-quickstart
    group: 'manual',
    title: '教师端App快速上手指南',
    description: '五分钟学会教师端：首次登录、发布通知、布置作业、记录考勤和学生表现。适合发给全校老师。',
  },
  {
    fileUuid: 'e9f0cced-1140-459c-a760-645c152c129f', // class-board-faq
    group: 'manual',
    title: '电子班牌常见问题解答',
    description:
      '班牌黑屏、考勤不上传、课表不更新、人脸识别慢等常见问题的自查步骤，纯文本，手机上也能直接查看。',
  },
  {
    fileUuid: '7f94329c-6729-4d3c-a7ca-ba54dd3d964d', // whitepaper-2026
    group: 'whitepaper',
    title: '悦讯智慧校园产品白皮书（2026版）',
    description: '产品架构、五大业务域应用、部署模式、数据安全与信创适配，供教育局和学校规划选型参考。',
  },
  {
    fileUuid: '2fd42726-a9d0-45f3-aa76-ae3b68a57c52', // data-security-whitepaper
    group: 'whitepaper',
    title: '中小学数据安全与个人信息保护白皮书',
    description: '依据个人信息保护法和教育行业要求，说明学生信息从采集、存储、使用到删除的全流程保护措施。',
  },
  {
    fileUuid: '84a71ed4-7d4a-40aa-ad0d-ab8306135bf3', // qualifications-2026
    group: 'qualification',
    title: '悦讯科技资质证书汇编（2026）',
    description:
      '营业执照、等保三级测评、ISO 9001 / ISO 27001 认证、软件著作权等资质的编号与有效期，投标时可直接引用。',
  },
  {
    fileUuid: '80482609-be87-409b-a886-a18ad36a5a19', // student-import-template
    group: 'template',
    title: '学生信息批量导入模板',
    description: '批量导入学生的 Excel 模板：姓名、性别、学籍号、年级、班级、家长手机号，附两行示例。',
  },
  {
    fileUuid: '088ed2af-85e1-440d-a8b1-1a915fb31b44', // staff-import-template
    group: 'template',
    title: '教职工信息导入模板（CSV）',
    description: '用 Excel 或 WPS 打开即可填写的教职工导入模板，UTF-8 编码，中文不乱码。',
  },
  {
    fileUuid: 'f3037f59-6a17-4417-af09-ab03eadebb71', // requirements-survey
    group: 'template',
    title: '智慧校园建设需求调研表',
    description: '项目启动前由学校填写的调研表：学校概况、现有系统、重点需求和网络条件，Word 格式。',
  },
];
