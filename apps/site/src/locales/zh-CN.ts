/**
 * Every user-facing text of the site (zh-CN, the product language), and nowhere else; validation
 * and lead messages come from the contract's catalogue. Split into named exports by area, so an
 * island's bundle carries only the area it imports (the lead form, share, preview).
 */
import { schoolTypeLabels, teamSizeLabels } from '@yuexun/contract/messages';

/** Header, footer, lists and article pages. */
export const t = {
  skipToContent: '跳到正文',
  menu: '菜单',
  mainNav: '主导航',
  phoneNav: '手机导航',
  platformHome: '平台首页',
  login: '登录',
  personalInfo: '个人信息',
  securityCenter: '安全中心',
  switchUnit: '切换单位',
  logout: '退出登录',
  userMenu: '用户菜单',
  breadcrumb: '当前位置',
  readMore: '查看详情',
  more: '更多',
  previous: '上一篇',
  next: '下一篇',
  previousAndNext: '上一篇和下一篇',
  none: '没有了',
  published: '发布时间',
  edited: '更新于',
  author: '作者',
  source: '来源',
  views: '阅读',
  paging: '分页',
  prevPage: '上一页',
  nextPage: '下一页',
  pageOf: (page: number, total: number) => `第 ${page} / ${total} 页`,
  /** A list page's title past page 1. */
  nthPage: (name: string, page: number) => `${name}（第${page}页）`,
  /** The label of a section's category tabs. */
  categoriesOf: (section: string) => `${section}栏目`,
  emptyList: '该栏目暂无内容',
  previewNotice: '预览：这是文章保存时的样子，仅持有此链接的人可见；未发布的文章访客看不到。',
  notFoundTitle: '页面不存在',
  notFoundText: '您访问的页面不存在或已下线，请检查地址，或从下面的入口继续浏览。',
  backHome: '返回首页',
  exceptionTitle: '出错了',
  exceptionText: '请求没有完成，请稍后重试；如果问题一直存在，请联系客服。',
  allTags: '全部',
  consult: '咨询购买',
  productSpecs: '产品规格',
  productGallery: '产品图片',
  productIntro: '产品介绍',
} as const;

export const footer = {
  about: '专注区域教育云与智慧校园建设，让老师少填一张表、让家长少一分担心、让管理者多一分清楚。',
  quickLinks: '快速入口',
  friendlyLinks: '友情链接',
  /** The 公安备案 badge before its number: the picture says which filing the number is. */
  policeBadge: '公安备案',
  copyright: (year: number, company: string) => `© ${year} ${company} 版权所有`,
};

/** Contacts from the site settings (footer, 联系我们, service and agent pages). */
export const contact = {
  title: '联系我们',
  hotline: '服务热线',
  servicePhone: '售后电话',
  email: '电子邮箱',
  address: '公司地址',
  hours: '工作时间',
  wechatQr: '微信扫码关注公众号',
};

export const home = {
  eyebrow: '区域教育云 · 智慧校园 · 家校互通',
  /** Phrases of the main heading: a phone wraps between them, never inside a word. */
  title: ['让每一所学校的数字化，', '稳定、安全、好用'],
  intro:
    '悦讯智慧校园为区县教育局、中小学、幼儿园和职业院校提供统一平台底座与二十余款教育应用，一处维护数据，全局共享，本地化团队长期服务。',
  bookDemo: '预约演示',
  exploreSolutions: '了解解决方案',
  figures: [
    { value: '2000+', label: '服务学校' },
    { value: '400万+', label: '师生与家长用户' },
    { value: '40+', label: '区域教育云项目' },
    { value: '等保三级', label: '核心平台测评' },
  ],
  products: '热门产品',
  banners: '首页横幅',
  bannerOf: (n: number, total: number) => `第 ${n} 张，共 ${total} 张`,
};

/** The phones' floating consult bar (on/off in the console's 首页管理). */
export const consult = {
  label: '快速咨询',
  call: '电话咨询',
  wechat: '微信咨询',
  wechatHint: '长按识别二维码，关注公众号咨询',
  enquiry: '在线留言',
};

/**
 * Intro and description of each section page. Their names (heading, title, breadcrumb) are the menu's
 * labels (SiteServices.sectionNames: as renamed in the console's 导航菜单, else the contract's defaults).
 */
export const sections = {
  solution: { intro: '面向区域、学校与合作伙伴的智慧教育整体解决方案' },
  cases: { intro: '全国各地区域、中小学、幼儿园和职业院校的真实建设与应用案例' },
  news: { intro: '悦讯科技公司新闻、行业动态与媒体报道' },
  priceShop: {
    intro: '公开透明的产品价格：按学校或按年订阅，区域整体采购与多校联合采购另有优惠，欢迎咨询。',
    description:
      '悦讯智慧校园产品价格：家校互通、智慧课堂、电子班牌、校园安全等应用按校按年订阅，价格公开透明。',
    tagsLabel: '产品分类',
    allProducts: '全部产品',
    /** Page title when one tag is chosen. */
    withTag: (section: string, tag: string) => `${section} · ${tag}`,
    inquiry: (product: string) => `咨询「${product}」`,
  },
  service: { intro: '实施交付、培训、运维与客服：本地化团队全程陪伴学校用好平台' },
  download: {
    intro: '操作手册、产品白皮书、资质文件与常用模板，免费下载，部分文件可在线预览',
    notesHeading: '版本说明与安装指南',
  },
  agent: {
    intro: '携手区域合作伙伴，共同服务本地学校：产品授权、售前支持、培训认证与市场推广全方位支持',
    formHeading: '申请成为代理商',
    formIntro: '留下联系方式和所在地区，渠道经理将在一个工作日内与您联系，介绍代理政策与合作流程。',
  },
  securityCenter: { intro: '等级保护、数据安全、隐私保护与安全公告' },
  privacy: { name: '隐私政策', intro: '我们如何收集、使用、保存和保护您提交的个人信息' },
  companyProfile: {
    intro: '专注区域教育云与智慧校园建设的数字化服务商',
    tabsLabel: '公司介绍',
    /** The heading: the section's name, then the chosen category's. */
    title: (section: string, category: string) => `${section} · ${category}`,
  },
} as const;

/** The download centre's file list. */
export const downloads = {
  groups: {
    manual: '操作手册',
    whitepaper: '产品白皮书',
    qualification: '资质文件',
    template: '模板与表格',
  },
  download: '下载',
  preview: '在线预览',
  /** Accessible names: the visible words plus the file. */
  downloadFile: (title: string) => `下载 ${title}`,
  previewFile: (title: string) => `在线预览 ${title}`,
  format: '格式',
  size: '大小',
  empty: '暂无可下载的文件',
};

/** The lead form island (and its server-side twin in lib/lead-form.ts). */
export const lead = {
  title: '预约演示 · 获取方案',
  intro: '留下联系方式，顾问将在一个工作日内与您联系，为学校或区域提供免费的方案咨询与产品演示。',
  submit: '提交',
  submitting: '提交中…',
  fixErrors: '请检查标记的内容后再提交',
  failed: '提交失败，请稍后重试',
  choose: '请选择',
  chooseSchoolType: '请选择学校类型',
  honeypot: '请勿填写',
  /** The consent line (PIPL) before the submit button: 我已阅读并同意《隐私政策》… */
  consentBefore: '我已阅读并同意',
  consentLink: '《隐私政策》',
  consentAfter: '，同意悦讯就本次咨询使用以上信息与我联系',
  labels: {
    contactName: '联系人姓名',
    phone: '手机号',
    schoolName: '学校名称',
    region: '所在地区',
    schoolType: '学校类型',
    role: '您的职务',
    message: '需求描述',
  },
  placeholders: {
    contactName: '例如：王老师',
    phone: '11 位手机号',
    schoolName: '例如：杭州市文三路小学',
    region: '例如：浙江省杭州市西湖区',
    schoolType: '',
    role: '例如：信息中心主任',
    message: '希望了解的产品、学校规模或其他需求（选填）',
  },
  schoolTypes: schoolTypeLabels,
  chooseTeamSize: '请选择团队规模',
  /** The agent application's own fields (代理商申请 on /agent). */
  agentLabels: {
    companyName: '公司名称',
    contactName: '联系人姓名',
    phone: '手机号',
    region: '代理区域',
    businessScope: '主营业务',
    teamSize: '团队规模',
    message: '补充说明',
  },
  agentPlaceholders: {
    companyName: '例如：西安智联教育科技有限公司',
    contactName: '例如：马经理',
    phone: '11 位手机号',
    region: '希望代理的省市，例如：陕西省',
    businessScope: '例如：教育信息化系统集成，已服务 20 所学校',
    teamSize: '',
    message: '已有客户、合作经历或其他想说明的情况（选填）',
  },
  teamSizes: teamSizeLabels,
} as const;

/** 站内搜索: the header's box and the /search page. */
export const search = {
  name: '站内搜索',
  label: '搜索',
  placeholder: '搜索文章、产品',
  submit: '搜索',
  intro: '在新闻、案例、解决方案和产品中查找，多个词用空格分开',
  /** Page title and heading for a query. */
  titleFor: (query: string) => `“${query}”的搜索结果`,
  count: (total: number) => `找到 ${total} 条结果`,
  none: (query: string) => `没有找到与“${query}”相关的内容，换个词试试，或浏览下面的栏目。`,
  empty: '请输入要查找的词，例如“智慧校园”或“排课”。',
  article: '文章',
  product: '产品',
  results: '搜索结果',
};

/** The share button island. */
export const share = {
  share: '分享',
  copied: '链接已复制',
};

/** The file preview pages. */
export const preview = {
  title: '文件预览',
  /** Page title with the file's name. */
  titleOf: (fileName: string) => `文件预览 · ${fileName}`,
  loading: '正在读取文件信息…',
  missing: '文件不存在或链接无效，请确认文件地址后重试。',
  noUuid: '缺少文件编号，无法预览。请从文件列表重新打开。',
  unreadable:
    '图片无法显示：文件不存在、未公开或已删除。请登录有查看权限的账号后重试，或联系发布者获取文件。',
  private: '该文件未公开，无法在此预览。请登录有查看权限的账号后重试，或联系发布者获取文件。',
  unsupported: '该类型的文件暂不支持在线预览，请下载后查看。',
  pdfOnPhone: '在手机或微信中看不到文档时，请点击“下载文件”后用手机自带的阅读器打开。',
  download: '下载文件',
  /** Pictures are shown as a copy sized for the screen; this opens the uploaded original. */
  viewOriginal: '查看原图',
};

/**
 * The notice of a page part whose script failed to load (spec §8): the chunk, the reason and the
 * address. Used by the inline script in layouts/Base.astro, so it is a template with placeholders.
 */
export const chunkFailed = (chunk: string, reason: string, address: string) =>
  `页面组件 ${chunk} 加载失败（${reason}），地址：${address}`;

/** A designed form wherever it shows: its page, under an article or product, the home page (decision 056). */
export const formPageText = {
  tooLarge: '提交的内容过大（含文件最多 21MB），请缩小文件后再提交',
  fileHint: (mb: number) => `支持 PDF、Word、Excel、PPT、图片、文本或 ZIP，最大 ${mb}MB`,
  downloadReady: '资料已准备好：',
  download: '下载资料',
};
