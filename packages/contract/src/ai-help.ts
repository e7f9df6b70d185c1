/**
 * AI 助手 (issue 35 item 3, docs/decisions/055-ai-help.md): suggestions for the article and product editors from
 * any OpenAI-compatible chat API (`/chat/completions`, `stream: true`). Off until an admin sets the base URL, model
 * and key in 站点管理 → AI 助手 (settings.write; the key never comes back, blank keeps it). The editors ask through
 * one streaming route (text/event-stream); refusals before the stream starts answer the usual envelope.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalIntInRange, switchFlag, versionField } from './admin-fields';
import { oneOf, optionalText, siteScoped } from './fields';
import { fileUuid } from './files';

/** What staff ask for. */
export const AI_TASKS = ['titles', 'seo', 'summary', 'alt', 'polish', 'translate'] as const;
export type AiTask = (typeof AI_TASKS)[number];
export const AI_TASK_LABELS: Record<AiTask, string> = {
  titles: '推荐标题',
  seo: 'SEO 描述和关键词',
  summary: '摘要',
  alt: '图片替代文字',
  polish: '润色段落',
  translate: '翻译为英文',
};

/** Which editor asks: the permission to write it is the permission to ask. */
export const AI_TARGETS = ['article', 'product'] as const;
export type AiTarget = (typeof AI_TARGETS)[number];
export const AI_TARGET_PERMISSIONS = { article: 'articles.write', product: 'products.write' } as const;

export const AI_LIMITS = {
  /** Tokens the whole organisation may use in a calendar month (Asia/Shanghai). */
  budgetMin: 1_000,
  budgetMax: 100_000_000,
  budgetDefault: 500_000,
  /** Requests one person may start in a minute. */
  perMinuteMin: 1,
  perMinuteMax: 120,
  perMinuteDefault: 6,
  /** Prompts and answers are kept this long for review, then deleted. */
  keepDays: 30,
  /** Article text sent to the model at most (characters; the rest is cut). */
  sourceChars: 12_000,
  /** The editor's text accepted in one request (a whole article body as HTML). */
  textMax: 100_000,
  selectionMax: 5_000,
} as const;

export const aiMessages = {
  notConfigured: 'AI 助手尚未开启：请管理员在 站点管理 → AI 助手 中填写接口地址、模型和密钥',
  incomplete: '开启 AI 助手需要填写接口地址、模型和密钥',
  overBudget: (budget: number) => `本月 AI 用量已达上限（${budget} tokens），请下月再试或请管理员调高额度`,
  rateLimited: (perMinute: number) => `AI 请求过于频繁（每人每分钟最多 ${perMinute} 次），请稍后再试`,
  nothingToWork: '请先填写正文，或选中要处理的段落',
  unreachable: 'AI 服务无法连接，请稍后再试；编辑器可以照常使用',
  timeout: 'AI 服务响应超时，请稍后再试；编辑器可以照常使用',
  refused: (status: number, reason: string) =>
    `AI 服务拒绝了请求（HTTP ${status}）${reason ? `：${reason}` : ''}`,
  garbage: 'AI 服务返回了无法识别的内容，请重试或换一个模型',
  empty: 'AI 服务没有给出内容，请重试',
  cut: 'AI 回答中途中断，已保留收到的部分',
  pictureMissing: '找不到这张图片，它可能已被删除',
  notAPicture: '只有 PNG、JPEG 或 WebP 图片可以交给 AI 看图',
} as const;

/** A picture sent to a model that reads pictures: scaled down to this many pixels on its longer side, as JPEG. */
export const AI_PICTURE_MAX_SIDE = 768;

export const aiSettingsView = z.object({
  enabled: z.boolean(),
  baseUrl: z.string(),
  model: z.string(),
  /** The key itself never leaves the server: only whether one is stored. */
  keySet: z.boolean(),
  monthlyTokenBudget: z.number().int(),
  perUserPerMinute: z.number().int(),
  vision: z.boolean(),
  version: z.number().int(),
});
export type AiSettingsView = z.infer<typeof aiSettingsView>;

export const inquireAiSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireAiSettingsAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: 'AI 助手设置：是否开启、接口地址、模型（不含密钥）、每月 token 额度、每人每分钟请求数',
  input: siteScoped,
  item: aiSettingsView,
  result: 'list',
});

export const updateAiSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateAiSettingsAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '修改 AI 助手设置；密钥留空表示不变；version 不是最新时返回 409',
  input: siteScoped.extend({
    enabled: switchFlag('开启 AI 助手'),
    baseUrl: optionalText('接口地址', 300),
    model: optionalText('模型', 100),
    apiKey: optionalText('密钥', 300),
    monthlyTokenBudget: optionalIntInRange('每月 token 额度', AI_LIMITS.budgetMin, AI_LIMITS.budgetMax),
    perUserPerMinute: optionalIntInRange('每人每分钟请求数', AI_LIMITS.perMinuteMin, AI_LIMITS.perMinuteMax),
    /** Left out: unchanged. */
    vision: switchFlag('模型可以识图').optional(),
    version: versionField,
  }),
  item: aiSettingsView,
  result: 'list',
  mutates: true,
});

/** This month's use by one person (the settings page's table). */
export const aiUsageRow = z.object({
  accountId: z.number().int(),
  name: z.string(),
  requests: z.number().int(),
  tokens: z.number().int(),
});
export type AiUsageRow = z.infer<typeof aiUsageRow>;

export const inquireAiUsageAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireAiUsageAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: 'AI 助手本月用量：每人的请求次数和 token 数（按 Asia/Shanghai 自然月）',
  input: siteScoped,
  item: aiUsageRow,
  result: 'list',
});

/**
 * POST, answered as text/event-stream: `data: {"type":"text","text":…}` per piece (the sanitised answer so far),
 * then `{"type":"done",…}` or `{"type":"error","message":…,"text":…}` (what came before a fault is kept). A
 * refusal before the stream (sign-in, permission, input, not configured, budget, rate) is the JSON envelope.
 */
export const aiSuggestStream = {
  path: '/store/api/v1.0/suggestWithAiAdmin.stream',
  auth: 'admin',
  scope: 'site',
  /** Any content reader reaches the route; the target's write permission is checked next (AI_TARGET_PERMISSIONS). */
  permission: 'content.read',
  input: siteScoped.extend({
    target: oneOf('编辑对象', AI_TARGETS),
    task: oneOf('AI 任务', AI_TASKS),
    title: optionalText('标题', 200),
    text: optionalText('正文', AI_LIMITS.textMax),
    selection: optionalText('选中的段落', AI_LIMITS.selectionMax),
    fileName: optionalText('文件名', 255),
    caption: optionalText('图片说明', 500),
    /** 图片替代文字 only: the picture itself goes to a model that reads pictures (settings' vision). */
    fileUuid: fileUuid.optional(),
  }),
} as const;
export type AiSuggestInput = z.input<typeof aiSuggestStream.input>;

export const aiStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('done'), text: z.string(), tokens: z.number().int() }),
  z.object({ type: z.literal('error'), message: z.string(), text: z.string() }),
]);
export type AiStreamEvent = z.infer<typeof aiStreamEvent>;
