/**
 * The demo vendor's site settings, written once when the record is first created (a vendor replaces
 * them in the console before going live). ICP_NUMBER, when set, seeds the filing number.
 */
import type { SiteSettingsValues } from '@yuexun/contract';

export const demoSiteSettings: SiteSettingsValues = {
  companyName: '杭州悦讯科技有限公司',
  shortName: '悦讯智慧校园',
  logoLightFileUuid: '',
  logoDarkFileUuid: '',
  faviconFileUuid: '',
  wechatQrFileUuid: '',
  hotline: '400-826-7588',
  servicePhone: '0571-88867588',
  email: 'service@yuexun.example.cn',
  address: '浙江省杭州市西湖区文三路 90 号悦讯大厦',
  businessHours: '工作日 9:00–18:00',
  icpNumber: '',
  policeNumber: '',
  copyright: '',
  titleKeywords: '智慧校园,智慧校园平台,数字校园,校园管理系统,家校互通,区域教育云',
  description:
    '悦讯智慧校园：面向区县教育局、中小学、幼儿园和职业院校的区域教育云与智慧校园平台，提供家校互通、智慧课堂、校园安全、综合评价等应用与本地化服务。',
  baiduSite: '',
  baiduToken: '',
  indexNowKey: '',
  leadRetentionDays: '',
  reviewSelfApproval: '',
};

/** A clean production database starts with nothing but the filing number from the environment. */
