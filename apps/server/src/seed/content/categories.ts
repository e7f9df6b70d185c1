// Demo categories of every site section, with the fixed ids the site's routes depend on.
import type { SeedCategory } from '../types';

export const categories: SeedCategory[] = [
  { id: 1, kind: 'profile', name: '公司简介', sort: 10 },
  { id: 2, kind: 'profile', name: '发展历程', sort: 20 },
  { id: 3, kind: 'profile', name: '资质荣誉', sort: 30 },
  { id: 4, kind: 'profile', name: '联系我们', sort: 40 },

  { id: 1881, kind: 'news', name: '公司新闻', sort: 10 },
  { id: 1882, kind: 'news', name: '行业动态', sort: 20 },
  { id: 1883, kind: 'news', name: '媒体报道', sort: 30 },

  { id: 1351, kind: 'case', name: '区域教育云案例', sort: 10 },
  { id: 1352, kind: 'case', name: '中小学智慧校园', sort: 20 },
  { id: 1353, kind: 'case', name: '幼儿园智慧园所', sort: 30 },
  { id: 1354, kind: 'case', name: '职业院校', sort: 40 },

  { id: 2001, kind: 'solution', name: '区域教育云', slug: 'areaCloud', sort: 10 },
  { id: 2002, kind: 'solution', name: '智慧校园云平台', slug: 'campusCloud', sort: 20 },
  { id: 2003, kind: 'solution', name: '产品与服务', slug: 'produceService', sort: 30 },
  { id: 2004, kind: 'solution', name: '系统集成', slug: 'systemIntegration', sort: 40 },

  { id: 2101, kind: 'service', name: '服务支持', sort: 10 },
  { id: 2201, kind: 'download', name: '下载中心', sort: 10 },
  { id: 2301, kind: 'agent', name: '代理合作', sort: 10 },
  { id: 2401, kind: 'security', name: '安全中心', sort: 10 },
  // The 隐私政策 the lead forms' consent line links to (PRIVACY_SECTION_SLUG; shown at /privacy).
  { id: 2402, kind: 'security', name: '隐私政策', slug: 'privacy', sort: 20 },
];
