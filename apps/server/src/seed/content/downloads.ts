// Demo download centre: operation manuals, white papers, qualifications and templates a school or
// education bureau asks a vendor for. The files are built from this text at seed time (see ../downloads.ts);
// their title, group and description on the site are the download catalogue's (files/download-catalogue.ts).
import type { Block } from '../documents/blocks';

export type DownloadDocument =
  | { format: 'pdf' | 'docx' | 'txt'; blocks: Block[] }
  | { format: 'xlsx'; sheet: string; rows: string[][]; widths: number[] }
  | { format: 'csv'; rows: string[][] };

export interface SeedDownload {
  /**
   * Stable key: the file's uuid is derived from it, so the same document keeps its address; the catalogue
   * lists that uuid.
   */
  key: string;
  /** The name the file downloads as. */
  fileName: string;
  document: DownloadDocument;
}

const FOOTER = '杭州悦讯科技有限公司';

export const downloadFooter = (title: string) => `${FOOTER}・${title}`;

export const demoDownloads: SeedDownload[] = [
  {
    key: 'admin-manual-v5',
    fileName: '悦讯智慧校园管理员操作手册（V5.0）.pdf',
    document: {
      format: 'pdf',
      blocks: [
        { kind: 'title', text: '悦讯智慧校园管理员操作手册（V5.0）' },
        {
          kind: 'paragraph',
          text: '本手册面向学校信息中心老师和平台管理员，介绍悦讯智慧校园5.0管理后台的常用操作。按本手册完成初始化后，教师、学生和家长即可使用各项应用。',
        },
        { kind: 'heading', text: '一、登录与账号安全' },
        {
          kind: 'paragraph',
          text: '管理员账号由悦讯实施顾问在项目启动时开通。请在电脑上使用 Chrome、Edge 或 360 安全浏览器（极速模式）访问学校平台地址，输入账号和密码登录；首次登录须修改初始密码，并绑定本人手机号。',
        },
        {
          kind: 'list',
          items: [
            '密码至少 8 位，须同时包含字母和数字，每 90 天提醒更换一次；',
            '连续 5 次输错密码，账号锁定 1 分钟，之后每次锁定时间加倍；',
            '离开电脑前请退出登录，公共电脑上不要勾选“记住我”；',
            '管理员变更时，请在“账号设置”中移交管理员权限，不要共用账号。',
          ],
        },
        { kind: 'heading', text: '二、组织架构' },
        {
          kind: 'paragraph',
          text: '组织架构是其他应用的基础数据。请按“校区—学段—年级—班级”的层级建立架构，教职工按部门归属。新学年开始前，可使用“学年升级”一键完成年级升级和毕业班归档。',
        },
        {
          kind: 'table',
          rows: [
            ['功能', '位置', '说明'],
            ['年级与班级', '基础数据 > 组织架构', '新建、合并、拆分班级，设置班主任'],
            ['教职工信息', '基础数据 > 教职工', '支持表格批量导入，离职人员保留历史记录'],
            ['学生信息', '基础数据 > 学生', '学籍号唯一，转班、转学记录自动留痕'],
            ['学年升级', '基础数据 > 学年管理', '每年暑期执行一次，执行前自动备份'],
          ],
        },
        { kind: 'heading', text: '三、批量导入' },
        {
          kind: 'paragraph',
          text: '教职工和学生信息可从下载中心获取导入模板。请勿修改模板的列名和顺序；手机号须为 11 位大陆手机号，身份证号可不填。导入后系统逐行校验，出错的行会标出原因，改正后可只导入出错的部分。',
        },
        { kind: 'heading', text: '四、应用开通与权限' },
        {
          kind: 'paragraph',
          text: '在“应用中心”中勾选学校已购买的应用，再在“权限管理”中按岗位分配。建议按岗位（如教务主任、年级组长、班主任）授权，而不是逐人授权，人员变动时只需调整岗位。',
        },
        {
          kind: 'list',
          items: [
            '校长、副校长：查看全校数据驾驶舱与各应用统计；',
            '教务处：课表、排课、考试与成绩；',
            '德育处：综合素质评价、班级考核、家校通知；',
            '总务处：食堂、宿舍、资产与报修。',
          ],
        },
        { kind: 'heading', text: '五、数据导出与备份' },
        {
          kind: 'paragraph',
          text: '各列表页右上角的“导出”按钮可导出当前筛选结果。涉及学生个人信息的导出会记录在操作日志中，并需要管理员二次验证。平台每天凌晨自动备份，备份保留 30 天；如需恢复数据，请联系技术支持。',
        },
        { kind: 'heading', text: '六、获取帮助' },
        {
          kind: 'paragraph',
          text: '服务热线见官网“联系我们”页面，也可在管理后台右下角“在线客服”提交工单。紧急故障（全校无法登录、数据异常）请直接致电，我们将在 30 分钟内响应。',
        },
      ],
    },
  },
  {
    key: 'teacher-app-quickstart',
    fileName: '教师端App快速上手指南.pdf',
    document: {
      format: 'pdf',
      blocks: [
        { kind: 'title', text: '教师端App快速上手指南' },
        {
          kind: 'paragraph',
          text: '教师端App集成了老师最常用的工作：通知、作业、考勤、成绩、审批和家校沟通。本指南用五个步骤带您完成第一次使用。',
        },
        { kind: 'heading', text: '第一步：安装与登录' },
        {
          kind: 'paragraph',
          text: '在手机应用商店搜索“悦讯教师”安装，使用学校登记的手机号和短信验证码登录，首次登录后设置密码。如提示“账号不存在”，请联系学校管理员核对手机号。',
        },
        { kind: 'heading', text: '第二步：发布班级通知' },
        {
          kind: 'list',
          items: [
            '点击首页“通知”，选择接收的班级或家长；',
            '输入内容，可添加图片、附件或语音；',
            '需要家长回复的，打开“需确认”，系统自动统计未读名单。',
          ],
        },
        { kind: 'heading', text: '第三步：布置与批改作业' },
        {
          kind: 'paragraph',
          text: '在“作业”中选择学科和班级，可从校本资源库选题，也可拍照上传纸质作业。学生提交后，老师可在手机上批注、打分，并一键把优秀作业推荐到班级圈。',
        },
        { kind: 'heading', text: '第四步：考勤与表现记录' },
        {
          kind: 'paragraph',
          text: '上课时点击“考勤”，默认全部出勤，只需标记请假和缺勤的学生。“学生表现”支持语音快速录入，记录会汇入综合素质评价。',
        },
        { kind: 'heading', text: '第五步：保护学生信息' },
        {
          kind: 'paragraph',
          text: '请开启手势密码或指纹解锁；不要把含学生信息的截图转发到无关群聊；更换手机前请在“设置”中退出登录。',
        },
      ],
    },
  },
  {
    key: 'class-board-faq',
    fileName: '电子班牌常见问题解答.txt',
    document: {
      format: 'txt',
      blocks: [
        { kind: 'title', text: '电子班牌常见问题解答（适用于客户端 3.8）' },
        { kind: 'heading', text: '一、班牌黑屏或无法开机' },
        {
          kind: 'list',
          items: [
            '检查定时开关机设置：后台“设备管理 > 定时开关机”，周末和假期默认关机；',
            '检查电源插座和教室总闸是否断电；',
            '长按电源键 10 秒强制重启，仍无法开机请联系技术支持报修。',
          ],
        },
        { kind: 'heading', text: '二、考勤记录没有上传' },
        {
          kind: 'paragraph',
          text: '断网期间的考勤会保存在班牌本地，网络恢复后自动补传，补传进度可在后台“设备管理 > 数据同步”查看。超过 24 小时仍未上传，请检查班牌网络设置。',
        },
        { kind: 'heading', text: '三、课表没有更新' },
        {
          kind: 'paragraph',
          text: '课表在教务系统发布后 5 分钟内同步到班牌。若走班教室显示的班级不对，请确认课表中的教室编号与班牌绑定的教室一致。',
        },
        { kind: 'heading', text: '四、人脸识别慢或识别不出' },
        {
          kind: 'list',
          items: [
            '请学生正对屏幕，距离 0.5 到 1 米；',
            '逆光环境请调整班牌位置或开启“逆光补偿”；',
            '学生照片过旧时，请班主任在教师端重新采集。',
          ],
        },
        { kind: 'heading', text: '五、联系我们' },
        {
          kind: 'paragraph',
          text: '服务热线与电子邮箱：见官网“联系我们”页面',
        },
      ],
    },
  },
  {
    key: 'whitepaper-2026',
    fileName: '悦讯智慧校园产品白皮书（2026版）.pdf',
    document: {
      format: 'pdf',
      blocks: [
        { kind: 'title', text: '悦讯智慧校园产品白皮书（2026版）' },
        { kind: 'heading', text: '一、教育数字化的现状与挑战' },
        {
          kind: 'paragraph',
          text: '经过多年建设，大多数学校已经拥有十余个甚至几十个业务系统，但系统之间账号不通、数据不通，老师重复填报，管理者看不到全貌。教育数字化转型的关键，已经从“建系统”转向“用数据”。',
        },
        { kind: 'heading', text: '二、总体架构' },
        {
          kind: 'paragraph',
          text: '悦讯智慧校园5.0采用“一个底座、一套数据、多种应用”的架构：统一身份认证、统一组织架构和统一数据中心构成平台底座，二十余款教育应用在底座之上按需开通，第三方应用可通过开放接口接入。',
        },
        {
          kind: 'table',
          rows: [
            ['层级', '组成', '作用'],
            ['平台底座', '统一身份、组织架构、数据中心、消息中心', '一处维护，全局共享'],
            ['业务应用', '教学、管理、家校、安全、评价五大业务域', '按需开通，数据互通'],
            ['开放接口', '标准 API、单点登录、数据交换', '接入区域和第三方系统'],
          ],
        },
        { kind: 'heading', text: '三、五大业务域' },
        {
          kind: 'list',
          items: [
            '教学：智慧课堂、作业、排课选课、考试与学情分析；',
            '管理：教务、德育、后勤、资产、办公审批；',
            '家校：通知、请假、缴费、成长记录、家长会；',
            '安全：校门通行、访客、食堂监管、宿舍管理；',
            '评价：综合素质评价、教师发展、学校年度报告。',
          ],
        },
        { kind: 'heading', text: '四、部署模式' },
        {
          kind: 'paragraph',
          text: '区域部署：由区县教育局统一建设区域教育云，辖区学校按需使用，数据在区域汇聚；学校部署：单校或集团校独立部署，适合有自建机房的学校；混合部署：核心数据本地存储，通用应用使用云服务。',
        },
        { kind: 'heading', text: '五、数据安全与合规' },
        {
          kind: 'paragraph',
          text: '核心平台通过网络安全等级保护三级测评，学生个人信息按最小必要原则采集，敏感字段加密存储，所有导出和查看操作留有日志。平台已完成与主流国产芯片、操作系统和数据库的兼容性适配。',
        },
        { kind: 'heading', text: '六、建设建议' },
        {
          kind: 'paragraph',
          text: '建议先统一身份和基础数据，再按“高频先上、见效先上”的原则分批开通应用；每一期都设定可衡量的目标，例如“教师每周填表时间减少一半”，以应用成效而不是系统数量评价建设成果。',
        },
      ],
    },
  },
  {
    key: 'data-security-whitepaper',
    fileName: '中小学数据安全与个人信息保护白皮书.pdf',
    document: {
      format: 'pdf',
      blocks: [
        { kind: 'title', text: '中小学数据安全与个人信息保护白皮书' },
        {
          kind: 'paragraph',
          text: '学生是未成年人，学生个人信息受到法律的特别保护。本白皮书介绍悦讯智慧校园在数据全生命周期中采取的保护措施，供学校和教育主管部门评估参考。',
        },
        { kind: 'heading', text: '一、采集：最小必要' },
        {
          kind: 'paragraph',
          text: '平台只采集开展教育教学和学校管理所必需的信息。身份证号、家庭住址等字段默认不采集，确需采集的由学校单独开启并告知家长。',
        },
        { kind: 'heading', text: '二、存储：加密与隔离' },
        {
          kind: 'list',
          items: [
            '数据存储在境内机房，区域部署时存储在教育局指定的机房；',
            '手机号、身份证号等敏感字段加密存储，展示时脱敏；',
            '不同学校的数据逻辑隔离，任何查询都以登录用户所属学校为界。',
          ],
        },
        { kind: 'heading', text: '三、使用：授权与留痕' },
        {
          kind: 'paragraph',
          text: '老师只能看到本人任教班级的学生信息；批量导出需要管理员审批和二次验证；每一次查看、导出和修改都记录操作人、时间和内容，日志保存不少于六个月。',
        },
        { kind: 'heading', text: '四、删除：到期清理' },
        {
          kind: 'paragraph',
          text: '学生毕业或转出后，其个人信息在学校设定的保留期满后删除或匿名化；合同终止时，悦讯按学校要求返还并删除全部数据，并出具删除证明。',
        },
        { kind: 'heading', text: '五、应急与报告' },
        {
          kind: 'paragraph',
          text: '悦讯建立了 7×24 小时安全值守和应急响应机制。一旦发生或可能发生个人信息泄露，将立即采取补救措施，并按规定及时告知学校和主管部门。',
        },
      ],
    },
  },
  {
    key: 'qualifications-2026',
    fileName: '悦讯科技资质证书汇编（2026）.pdf',
    document: {
      format: 'pdf',
      blocks: [
        { kind: 'title', text: '杭州悦讯科技有限公司资质证书汇编（2026）' },
        {
          kind: 'paragraph',
          text: '本汇编列出公司主要资质证书的编号和有效期，供学校和教育局在采购、投标和验收时核对。如需加盖公章的复印件或原件核验，请联系当地客户经理。',
        },
        { kind: 'heading', text: '一、企业资质' },
        {
          kind: 'table',
          rows: [
            ['资质名称', '证书编号', '有效期至'],
            ['营业执照（统一社会信用代码）', '91330106MA2XXXXX8K', '长期'],
            ['高新技术企业证书', 'GR202433000128', '2027年12月'],
            ['软件企业证书', '浙RQ-2021-0365', '2026年12月'],
            ['增值电信业务经营许可证', '浙B2-20210388', '2026年8月'],
          ],
        },
        { kind: 'heading', text: '二、体系认证' },
        {
          kind: 'table',
          rows: [
            ['认证', '证书编号', '有效期至'],
            ['ISO 9001 质量管理体系', '00124Q31576R2M', '2027年5月'],
            ['ISO 27001 信息安全管理体系', '00124IS0298R1M', '2027年5月'],
            ['ISO 20000 信息技术服务管理体系', '00124IT0107R1M', '2027年5月'],
          ],
        },
        { kind: 'heading', text: '三、产品测评与著作权' },
        {
          kind: 'list',
          items: [
            '悦讯智慧校园平台：网络安全等级保护第三级测评，报告编号 33010699001-24001；',
            '悦讯区域教育云平台：网络安全等级保护第三级测评，报告编号 33010699001-24002；',
            '计算机软件著作权登记证书 46 项（清单见附表，可向客户经理索取）；',
            '教育移动互联网应用程序备案：教师端、家长端均已备案。',
          ],
        },
        {
          kind: 'paragraph',
          text: '证书编号为示例，以原件为准。证书到期前公司会及时换证，本汇编每年更新一次。',
        },
      ],
    },
  },
  {
    key: 'student-import-template',
    fileName: '学生信息批量导入模板.xlsx',
    document: {
      format: 'xlsx',
      sheet: '学生信息',
      widths: [12, 8, 22, 10, 10, 14, 16, 20],
      rows: [
        ['姓名', '性别', '学籍号', '年级', '班级', '家长姓名', '家长手机号', '备注'],
        [
          '张小明',
          '男',
          'G330106201801010011',
          '三年级',
          '2班',
          '张建国',
          '13800138000',
          '示例行，导入前请删除',
        ],
        [
          '李晓雨',
          '女',
          'G330106201803150022',
          '三年级',
          '2班',
          '王芳',
          '13900139000',
          '示例行，导入前请删除',
        ],
      ],
    },
  },
  {
    key: 'staff-import-template',
    fileName: '教职工信息导入模板.csv',
    document: {
      format: 'csv',
      rows: [
        ['姓名', '手机号', '部门', '岗位', '任教学科', '任教班级'],
        ['王丽', '13800000101', '教务处', '教务主任', '语文', '三年级2班'],
        ['陈强', '13800000102', '三年级组', '班主任', '数学', '三年级1班,三年级2班'],
      ],
    },
  },
  {
    key: 'requirements-survey',
    fileName: '智慧校园建设需求调研表.docx',
    document: {
      format: 'docx',
      blocks: [
        { kind: 'title', text: '智慧校园建设需求调研表' },
        {
          kind: 'paragraph',
          text: '请学校信息中心老师填写本表，填写后发送给悦讯客户经理。我们将根据调研结果为学校制定建设方案。',
        },
        { kind: 'heading', text: '一、学校概况' },
        {
          kind: 'table',
          rows: [
            ['项目', '填写内容'],
            ['学校名称', ''],
            ['学段（小学/初中/高中/九年一贯制）', ''],
            ['学生人数 / 教职工人数', ''],
            ['校区数量及地址', ''],
            ['联系人及电话', ''],
          ],
        },
        { kind: 'heading', text: '二、现有系统' },
        {
          kind: 'table',
          rows: [
            ['系统名称', '供应商', '使用情况', '是否需要对接'],
            ['', '', '', ''],
            ['', '', '', ''],
          ],
        },
        { kind: 'heading', text: '三、重点需求（请按优先级排序）' },
        {
          kind: 'list',
          items: ['家校沟通与通知', '排课选课与走班管理', '综合素质评价', '校园安全与访客管理', '其他：'],
        },
        { kind: 'heading', text: '四、网络与设备条件' },
        {
          kind: 'paragraph',
          text: '请说明学校出口带宽、教室网络覆盖情况、是否有自建机房，以及计划采购的班牌、闸机等硬件数量。',
        },
      ],
    },
  },
];
