/** The site's user-facing wording (zh-CN). Validation and lead messages come from the contract. */
export const KEYWORDS = '智慧校园,智慧校园平台,数字校园,校园管理系统,家校互通,区域教育云';

export const SITE_NAME = '悦讯智慧校园';

export const DEFAULT_DESCRIPTION =
  '悦讯智慧校园：面向区县教育局、中小学、幼儿园和职业院校的区域教育云与智慧校园平台，提供家校互通、智慧课堂、校园安全、综合评价等应用与本地化服务。';

export const CONTACT = {
  company: '杭州悦讯科技有限公司',
  phone: '400-826-7588',
  email: 'service@yuexun.example.cn',
  address: '浙江省杭州市西湖区文三路 90 号悦讯大厦',
  hours: '工作日 9:00–18:00',
};

export const t = {
  skipToContent: '跳到正文',
  menu: '菜单',
  closeMenu: '关闭菜单',
  platformHome: '平台首页',
  login: '登录',
  personalInfo: '个人信息',
  securityCenter: '安全中心',
  switchUnit: '切换单位',
  logout: '退出登录',
  userMenu: '用户菜单',
  home: '首页',
  readMore: '查看详情',
  more: '更多',
  previous: '上一篇',
  next: '下一篇',
  none: '没有了',
  share: '分享',
  copied: '链接已复制',
  published: '发布时间',
  author: '作者',
  source: '来源',
  views: '阅读',
  prevPage: '上一页',
  nextPage: '下一页',
  pageOf: (page: number, total: number) => `第 ${page} / ${total} 页`,
  emptyList: '该栏目暂无内容',
  notFoundTitle: '页面不存在',
  notFoundText: '您访问的页面不存在或已下线，请检查地址，或从下面的入口继续浏览。',
  backHome: '返回首页',
  priceShop: '价格商城',
  allTags: '全部',
  priceFrom: '起',
  consult: '咨询购买',
  productSpecs: '产品规格',
  productIntro: '产品介绍',
  leadTitle: '预约演示 · 获取方案',
  leadIntro: '留下联系方式，顾问将在一个工作日内与您联系，为学校或区域提供免费的方案咨询与产品演示。',
  leadSubmit: '提交',
  leadSubmitting: '提交中…',
  leadFixErrors: '请检查标记的内容后再提交',
  leadFailed: '提交失败，请稍后重试',
  chunkFailed: (chunk: string, reason: string, address: string) =>
    `页面组件 ${chunk} 加载失败（${reason}），地址：${address}`,
  download: '下载',
  icpLink: 'https://beian.miit.gov.cn/',
  copyright: (year: number) => `© ${year} 杭州悦讯科技有限公司 版权所有`,
  previewMissing: '文件不存在或链接无效，请确认文件地址后重试。',
  previewNoUuid: '缺少文件编号，无法预览。请从文件列表重新打开。',
  previewUnsupported: '该类型的文件暂不支持在线预览，请下载后查看。',
  previewDownload: '下载文件',
  previewTitle: '文件预览',
} as const;

export const SCHOOL_TYPE_LABELS = {
  kindergarten: '幼儿园',
  primary: '小学',
  middle: '中学',
  other: '其他',
} as const;

export const LEAD_LABELS = {
  contactName: '联系人姓名',
  phone: '手机号',
  schoolName: '学校名称',
  region: '所在地区',
  schoolType: '学校类型',
  role: '您的职务',
  message: '需求描述',
} as const;
