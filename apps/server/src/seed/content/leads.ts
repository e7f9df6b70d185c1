/** Made-up sales leads for the demo: schools, people and notes in Chinese; dates are Beijing time. */
import type { AgentTeamSize, Attribution, LeadKind, LeadStatus, SchoolType } from '@yuexun/contract';

export interface DemoLead {
  /** sales unless named. */
  kind?: LeadKind;
  contactName: string;
  /** Sales leads: the school, its type and the contact's role ('', null, '' for an agent application). */
  schoolName: string;
  region: string;
  schoolType: SchoolType | null;
  role: string;
  /** Agent applications: the company, its business and team size. */
  companyName?: string;
  businessScope?: string;
  teamSize?: AgentTeamSize;
  message: string;
  /** A page with a lead form: /home, /agent or /priceShop/productDetail. */
  sourcePage: string;
  /** The product asked about, by name (the price-shop detail page's form names it). */
  product?: string;
  status: LeadStatus;
  /** The demo staff member (username) who owns it: admin 王建国 or user 李晓梅. */
  owner?: 'admin' | 'user';
  /** The first follow-up on its timeline, written by the owner a day after the lead came. */
  notes?: string;
  /** Beijing time. */
  at: string;
  /** Where the visit that left it came from (the dashboard's leads by source, campaign and landing page). */
  attribution?: Partial<Attribution>;
}

export const demoLeads: DemoLead[] = [
  {
    contactName: '陈主任',
    schoolName: '杭州市拱墅区文澜实验学校',
    region: '浙江省杭州市',
    schoolType: 'complete',
    role: '信息中心主任',
    message: '想了解电子班牌与考勤的对接方案，全校 48 个班。',
    sourcePage: '/home',
    status: 'new',
    at: '2026-11-20T09:12',
    attribution: {
      landingPage: '/home',
      referrerHost: 'www.baidu.com',
      searchEngine: 'baidu',
      searchKeyword: '电子班牌 考勤',
      deviceClass: 'desktop',
    },
  },
  {
    contactName: '林校长',
    schoolName: '厦门市思明区滨海小学',
    region: '福建省厦门市',
    schoolType: 'primary',
    role: '校长',
    message: '计划明年春季上线家校沟通平台，请联系报价。',
    sourcePage: '/priceShop/productDetail',
    product: '悦讯家校共育平台',
    status: 'new',
    at: '2026-11-19T15:40',
    attribution: {
      landingPage: '/priceShop?utm_source=baidu&utm_medium=cpc&utm_campaign=sem-brand',
      referrerHost: 'www.baidu.com',
      searchEngine: 'baidu',
      utmSource: 'baidu',
      utmMedium: 'cpc',
      utmCampaign: 'sem-brand',
      deviceClass: 'desktop',
    },
  },
  {
    contactName: '王老师',
    schoolName: '成都市武侯区晨曦幼儿园',
    region: '四川省成都市',
    schoolType: 'kindergarten',
    role: '园长助理',
    message: '幼儿园是否适用？主要需要接送安全和通知。',
    sourcePage: '/home',
    status: 'contacted',
    owner: 'admin',
    notes: '已电话沟通，下周上门演示。',
    at: '2026-11-17T10:05',
    attribution: {
      landingPage: '/demonstrationCase',
      referrerHost: 'mp.weixin.qq.com',
      utmSource: 'wechat',
      utmMedium: 'article',
      utmCampaign: 'autumn-expo',
      deviceClass: 'mobile',
    },
  },
  {
    contactName: '赵科长',
    schoolName: '青溪区教育局',
    region: '江苏省苏州市',
    schoolType: 'bureau',
    role: '信息化科科长',
    message: '区域教育云建设，覆盖 36 所中小学，需要整体方案。',
    sourcePage: '/agent',
    status: 'qualified',
    owner: 'user',
    notes: '预算已批，等待招标文件。',
    at: '2026-11-12T14:30',
  },
  {
    contactName: '刘主任',
    schoolName: '长沙市雨花区明德中学',
    region: '湖南省长沙市',
    schoolType: 'senior',
    role: '教务主任',
    message: '走班排课需求，高一高二共 24 个班。',
    sourcePage: '/priceShop/productDetail',
    product: '悦讯智能排课系统',
    status: 'won',
    owner: 'admin',
    notes: '已签约，寒假实施。',
    at: '2026-11-03T11:20',
    attribution: {
      landingPage: '/priceShop',
      referrerHost: 'www.so.com',
      searchEngine: 'so360',
      searchKeyword: '智慧校园平台 报价',
      deviceClass: 'desktop',
    },
  },
  {
    contactName: '黄老师',
    schoolName: '佛山市南海区桂城小学',
    region: '广东省佛山市',
    schoolType: 'primary',
    role: '德育主任',
    message: '综合素质评价怎么和现有成绩系统打通？',
    sourcePage: '/priceShop/productDetail',
    product: '悦讯综合素质评价系统',
    status: 'contacted',
    owner: 'user',
    notes: '已发送接口文档。',
    at: '2026-10-28T16:45',
    attribution: {
      landingPage: '/solution',
      referrerHost: 'www.baidu.com',
      searchEngine: 'baidu',
      searchKeyword: '智慧校园解决方案',
      deviceClass: 'mobile',
    },
  },
  {
    contactName: '周校长',
    schoolName: '合肥市包河区望湖小学',
    region: '安徽省合肥市',
    schoolType: 'primary',
    role: '校长',
    message: '食堂监管平台，想看示范学校。',
    sourcePage: '/home',
    status: 'lost',
    owner: 'user',
    notes: '已选用其他厂商，保持联系。',
    at: '2026-10-21T09:30',
    attribution: {
      landingPage: '/home',
      referrerHost: 'mp.weixin.qq.com',
      utmSource: 'wechat',
      utmMedium: 'article',
      utmCampaign: 'autumn-expo',
      deviceClass: 'mobile',
    },
  },
  {
    contactName: '郑老师',
    schoolName: '宁波市鄞州区东湖中学',
    region: '浙江省宁波市',
    schoolType: 'junior',
    role: '信息技术教师',
    message: '智慧课堂教学系统能否试用一个月？',
    sourcePage: '/priceShop/productDetail',
    product: '悦讯智慧课堂教学系统',
    status: 'qualified',
    owner: 'user',
    notes: '试用账号已开通，两周后回访。',
    at: '2026-10-15T13:10',
    attribution: {
      landingPage: '/priceShop?utm_source=baidu&utm_medium=cpc&utm_campaign=sem-brand',
      referrerHost: 'www.baidu.com',
      searchEngine: 'baidu',
      utmSource: 'baidu',
      utmMedium: 'cpc',
      utmCampaign: 'sem-brand',
      deviceClass: 'desktop',
    },
  },
  {
    contactName: '孙园长',
    schoolName: '济南市历下区阳光幼儿园',
    region: '山东省济南市',
    schoolType: 'kindergarten',
    role: '园长',
    message: '请寄一份产品白皮书。',
    sourcePage: '/home',
    status: 'new',
    at: '2026-10-09T10:00',
    attribution: { landingPage: '/home', deviceClass: 'mobile' },
  },
  {
    kind: 'agent',
    contactName: '马经理',
    schoolName: '',
    companyName: '西安智联教育科技有限公司',
    region: '陕西省',
    businessScope: '教育信息化系统集成，已有 20 所学校客户',
    teamSize: '10-49',
    schoolType: null,
    role: '',
    message: '希望成为陕西区域代理，已有 20 所学校客户。',
    sourcePage: '/agent',
    status: 'contacted',
    owner: 'user',
    notes: '已发送代理政策，约了下周视频会议。',
    at: '2026-09-26T15:00',
  },
  {
    contactName: '何主任',
    schoolName: '南昌市东湖区育新学校',
    region: '江西省南昌市',
    schoolType: 'complete',
    role: '办公室主任',
    message: '校园安全管理系统的门禁能否对接现有闸机？',
    sourcePage: '/priceShop/productDetail',
    product: '悦讯校园安全管理系统',
    status: 'won',
    owner: 'admin',
    notes: '已签约，闸机型号已确认兼容。',
    at: '2026-09-18T09:50',
    attribution: {
      landingPage: '/service',
      referrerHost: 'cn.bing.com',
      searchEngine: 'bing',
      deviceClass: 'desktop',
    },
  },
  {
    contactName: '许老师',
    schoolName: '武汉市江岸区实验小学',
    region: '湖北省武汉市',
    schoolType: 'primary',
    role: '年级组长',
    message: '课后服务报名和收费能否在一个系统里完成？',
    sourcePage: '/home',
    status: 'new',
    at: '2026-09-10T20:15',
  },
];
