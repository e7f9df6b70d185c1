/** Validation and outcome messages shared by server and clients (spec §5, §8). */
export const messages = {
  invalidPhone: '不合法的手机号',
  required: (label: string) => `请输入${label}`,
  tooLong: (label: string, max: number) => `${label}不能超过 ${max} 个字`,
  mustBePositiveInt: (label: string) => `${label}必须是正整数`,
  pageSizeTooLarge: (max: number) => `每页条数不能超过 ${max}`,
  siteIdMissing: '缺少站点编号',
  siteIdWrong: '站点编号不正确',
  invalidChoice: (label: string) => `${label}的取值不在可选范围内`,
  articleNotFound: '文章不存在或已下线',
  productNotFound: '产品不存在或已下架',
  leadCreated: '提交成功，我们的顾问将在一个工作日内与您联系',
  leadDuplicate: '您的信息已提交，我们的顾问将尽快与您联系',
  badBody: '请求体格式错误，无法解析',
  methodNotAllowed: '接口仅支持 POST 请求',
  pathNotFound: '请求的地址不存在',
  loginFailed: '登录失败，请重试！',
  loginSuccess: '登录成功！',
  captchaWrong: '验证码错误',
  requestError: (message: string) => `请求错误 ${message}`,
} as const;

export const schoolTypeLabels = {
  kindergarten: '幼儿园',
  primary: '小学',
  middle: '中学',
  other: '其他',
} as const;
