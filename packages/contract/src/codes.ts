/**
 * Business codes carried in `status` and `errorCode` of the envelope (spec §8, architecture "The API contract").
 * Action outcomes, errors included, travel as HTTP 200 so the original clients keep working.
 */
export const BusinessCode = {
  OK: 200,
  BAD_REQUEST: 400,
  NOT_LOGGED_IN: 401,
  SESSION_EXPIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NOT_CONFIGURED: 405,
  TENANT_REQUIRED: 406,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  UNAVAILABLE: 503,
} as const;
export type BusinessCode = (typeof BusinessCode)[keyof typeof BusinessCode];

export const businessMessages: Record<BusinessCode, { 'zh-CN': string; 'en-US': string }> = {
  200: { 'zh-CN': '成功', 'en-US': 'OK' },
  400: { 'zh-CN': '参数错误', 'en-US': 'Invalid parameters' },
  401: { 'zh-CN': '未登录', 'en-US': 'Not logged in' },
  402: { 'zh-CN': '会话已过期', 'en-US': 'Session expired' },
  403: { 'zh-CN': '无权限', 'en-US': 'No permission' },
  404: { 'zh-CN': '内容不存在', 'en-US': 'Not found' },
  405: { 'zh-CN': '接口未配置', 'en-US': 'Interface not configured' },
  406: { 'zh-CN': '未指定租户', 'en-US': 'Tenant not specified' },
  409: { 'zh-CN': '数据冲突，请刷新后重试', 'en-US': 'Conflict, please refresh and retry' },
  413: { 'zh-CN': '请求内容过大', 'en-US': 'Request too large' },
  415: { 'zh-CN': '不支持的请求格式', 'en-US': 'Unsupported media type' },
  429: { 'zh-CN': '操作过于频繁，请稍后再试', 'en-US': 'Too many requests, please retry later' },
  500: { 'zh-CN': '系统繁忙，请稍后再试', 'en-US': 'Server busy, please retry later' },
  503: { 'zh-CN': '服务正在重启，请稍后再试', 'en-US': 'Service restarting, please retry later' },
};

export const businessMessage = (code: BusinessCode): string => businessMessages[code]['zh-CN'];

/** How a client should display a failure (spec §8). */
export const ShowType = {
  SILENT: 0,
  WARN_MESSAGE: 1,
  ERROR_MESSAGE: 2,
  NOTIFICATION: 4,
  REDIRECT: 9,
} as const;
export type ShowType = (typeof ShowType)[keyof typeof ShowType];
