/** The site's routes of spec §2 with what a visitor must see on each (main heading, real content). */
export const SITE_PAGES: { path: string; heading: RegExp; content: string }[] = [
  { path: '/home', heading: /让每一所学校的数字化/, content: '热门产品' },
  { path: '/solution/areaCloud', heading: /区域教育云/, content: '解决方案' },
  { path: '/solution/campusCloud', heading: /智慧校园云平台/, content: '解决方案' },
  { path: '/solution/produceService', heading: /产品与服务/, content: '解决方案' },
  { path: '/solution/systemIntegration', heading: /系统集成/, content: '解决方案' },
  { path: '/demonstrationCase/1351', heading: /区域教育云案例/, content: '幼儿园智慧园所' },
  { path: '/news/1881', heading: /公司新闻/, content: '行业动态' },
  { path: '/service', heading: /服务支持/, content: '服务' },
  { path: '/download', heading: /下载中心/, content: '下载' },
  { path: '/priceShop', heading: /价格商城/, content: '¥' },
  { path: '/priceShop/productDetail?productId=1', heading: /.+/, content: '产品规格' },
  { path: '/agent', heading: /代理合作/, content: '申请成为代理商' },
  { path: '/securityCenter', heading: /安全中心/, content: '安全' },
  { path: '/companyProfile/1', heading: /公司简介/, content: '发展历程' },
  { path: '/news/detail/1', heading: /.+/, content: '上一篇' },
  { path: '/detail/1', heading: /.+/, content: '下一篇' },
  { path: '/file-preview/1.0/', heading: /文件预览/, content: '缺少文件编号' },
];

export const KEYWORDS = '智慧校园,智慧校园平台,数字校园,校园管理系统,家校互通,区域教育云';
