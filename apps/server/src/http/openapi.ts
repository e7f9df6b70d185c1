/**
 * What /docs/json says beyond each route's input and success shape (docs/decisions/022): the failure
 * envelope and the HTTP status each failure is really sent with, who may call an action, siteId as the
 * constant 75, the content types and the file routes. The route schemas only document: validation is the
 * contract's zod schemas and serialisation plain JSON (app.ts).
 */
import {
  type AccessRule,
  type ActionDef,
  BusinessCode,
  businessMessages,
  failureEnvelope,
  PERMISSION_LABELS,
  pagedEnvelope,
  ShowType,
  SITE_ID,
  successEnvelope,
  uploadFileResponse,
} from '@yuexun/contract';
import { z } from 'zod';

/** Shared schema id: @fastify/swagger lists it under components.schemas. */
export const FAILURE_SCHEMA_ID = 'FailureEnvelope';
const failureRef = { $ref: `${FAILURE_SCHEMA_ID}#` };

type JsonSchema = Record<string, unknown>;

/** Business codes an action's failure may carry inside an HTTP 200 answer (decision 001). */
export const ACTION_FAILURE_CODES = [
  BusinessCode.BAD_REQUEST,
  BusinessCode.NOT_LOGGED_IN,
  BusinessCode.SESSION_EXPIRED,
  BusinessCode.FORBIDDEN,
  BusinessCode.NOT_FOUND,
  BusinessCode.TENANT_REQUIRED,
  BusinessCode.CONFLICT,
  BusinessCode.TOO_MANY_REQUESTS,
] as const;

const ALL_CODES = Object.keys(businessMessages)
  .map(Number)
  .filter((code) => code !== BusinessCode.OK);
const codeList = (codes: readonly number[]) =>
  codes.map((code) => `${code} ${businessMessages[code as BusinessCode]['zh-CN']}`).join('；');

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-7' }) as JsonSchema;

/** JSON Schema words OpenAPI 3.0's schema object does not have; what they say is left to the description. */
const UNSUPPORTED = new Set([
  '$schema',
  '$id',
  'propertyNames',
  'contentEncoding',
  'contentMediaType',
  '$comment',
]);

/**
 * A draft-7 schema as OpenAPI 3.0 reads it, at any depth: words it lacks dropped, `const` as a one-value
 * enum, numeric exclusive bounds as boolean ones. (@fastify/swagger converts the rest, e.g. nullable.)
 */
const embedded = (schema: unknown): JsonSchema => {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (UNSUPPORTED.has(key)) continue;
      // Property names are data, not schema words: walk their schemas without filtering the names.
      if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, walk(sub)]));
        continue;
      }
      if (key === 'const') out.enum = [value];
      else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'number') {
        out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = value;
        out[key] = true;
      } else out[key] = walk(value);
    }
    return out;
  };
  return walk(schema) as JsonSchema;
};

/** The failure envelope, registered once with app.addSchema. */
export const failureEnvelopeSchema = (): JsonSchema => {
  const schema = embedded(toJsonSchema(failureEnvelope));
  const properties = schema.properties as Record<string, JsonSchema>;
  const code = {
    type: 'integer',
    enum: ALL_CODES,
    description: `业务码，与 status 相同：${codeList(ALL_CODES)}`,
  };
  return {
    $id: FAILURE_SCHEMA_ID,
    ...schema,
    description:
      '失败信封。动作已执行时（含参数校验）以 HTTP 200 返回；未执行任何动作时 HTTP 状态说明原因（400 请求体无法解析、413 过大、415 格式不支持、404/405 路径或方法不对、500 意外错误）。',
    properties: {
      ...properties,
      status: code,
      errorCode: code,
      errorMessage: { type: 'string', description: '中文说明；参数错误时点名字段' },
      showType: {
        type: 'integer',
        enum: Object.values(ShowType),
        description:
          '客户端展示方式：0 静默，1 警告提示，2 错误提示，4 通知（标题为 errorCode），9 跳转错误页',
      },
    },
  };
};

/** The failure envelope limited to some codes. */
const failureWith = (codes: readonly number[]): JsonSchema => ({
  allOf: [
    failureRef,
    { type: 'object', properties: { errorCode: { enum: codes }, status: { enum: codes } } },
  ],
});

const jsonAnswer = (description: string, schema: JsonSchema) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A failure sent with an HTTP status of its own (no action ran). */
const transportFailure = (code: number, description: string) =>
  jsonAnswer(`${description}（信封 errorCode ${code}）`, failureWith([code]));

/** Answers every action route may give besides its success: the same for all of them. */
const transportFailures = {
  400: transportFailure(400, '请求体无法解析：JSON 格式错误或空 JSON 体'),
  413: transportFailure(413, '请求体超过 1 MB'),
  415: transportFailure(
    415,
    '不支持的 Content-Type：只接受 application/x-www-form-urlencoded 与 application/json',
  ),
  500: transportFailure(500, '意外错误：信封带 requestId，便于查日志；从不返回堆栈'),
};

/** siteId is the constant 75 in every body and query, at any depth (the login body is a union). */
const constantSiteId = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(constantSiteId);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = constantSiteId(value);
  const properties = out.properties as JsonSchema | undefined;
  if (properties && 'siteId' in properties)
    out.properties = {
      ...properties,
      siteId: { type: 'integer', enum: [SITE_ID], description: `站点编号，固定为 ${SITE_ID}` },
    };
  return out;
};

export const inputSchema = (schema: z.ZodType) =>
  constantSiteId(embedded(toJsonSchema(schema))) as JsonSchema;

/** Who may call, in the words the API's users read, with the codes a refusal carries. */
export const accessDescription = (rule: AccessRule) => {
  const lines = {
    public: '公开接口，无需登录。',
    session: '需要登录：未登录 401，会话已过期 402。',
    tenant: '需要登录并已选择单位：401、402，未选择单位 406。',
  };
  if (rule.auth !== 'admin') return lines[rule.auth];
  const needs = `需要权限 ${rule.permission}（${PERMISSION_LABELS[rule.permission]}）`;
  if (rule.scope === 'site')
    return `站点管理：${needs}，看调用者在站点所属厂商（悦讯科技）的角色，与当前选择的单位无关；未登录 401、会话过期 402，角色没有该权限、学校管理员及其他账号 403。`;
  return `${needs}，看调用者在当前单位的角色：401、402、406，角色没有该权限 403。`;
};

const successSchema = (def: ActionDef): JsonSchema => {
  const envelope = def.result === 'paged' ? pagedEnvelope(def.item) : successEnvelope(def.item);
  const full = def.result === 'record' ? envelope.extend({ data: def.item, message: z.string() }) : envelope;
  return embedded(toJsonSchema(full));
};

/** The OpenAPI parts of one action's route schema. */
export const actionDocs = (def: ActionDef) => ({
  summary: def.summary,
  tags: [def.base],
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  description: [
    accessDescription(def),
    def.mutates ? '写操作：来自其他站点的请求（Origin/Referer 不符）被拒绝，业务码 403。' : '',
    `动作执行后无论成败 HTTP 状态都是 200（兼容原客户端，见 docs/decisions/001 与 022）：成功为成功信封，失败为失败信封，业务码 ${codeList(ACTION_FAILURE_CODES)}。参数错误（400）在 errors 中逐字段给出中文说明。`,
  ]
    .filter(Boolean)
    .join('\n\n'),
  body: inputSchema(def.input),
  response: {
    200: jsonAnswer('动作已执行：成功信封，或业务失败信封（HTTP 状态同为 200）', {
      oneOf: [successSchema(def), failureWith(ACTION_FAILURE_CODES)],
    }),
    ...transportFailures,
  },
});

const notModified = { description: '未修改：浏览器缓存的版本（ETag）仍然有效', type: 'null' };

/** viewPic and downloadFile: the bytes, 304 for a cached copy, or the 404 envelope. */
export const fileAnswers = (contentType: string, description: string) => ({
  200: { description, content: { [contentType]: { schema: { type: 'string', format: 'binary' } } } },
  304: notModified,
  404: jsonAnswer('文件不存在、编号格式不对或无权查看（信封 errorCode 404）', failureWith([404])),
});

/** The CSV exports: the file, or the failure envelope as JSON under HTTP 200. */
export const csvAnswers = {
  200: {
    description: '成功时为 CSV 文件（UTF-8 BOM、CRLF）；失败时为 JSON 失败信封（HTTP 状态同为 200）',
    content: {
      'text/csv': { schema: { type: 'string' } },
      'application/json': {
        schema: failureWith([
          BusinessCode.BAD_REQUEST,
          BusinessCode.NOT_LOGGED_IN,
          BusinessCode.SESSION_EXPIRED,
          BusinessCode.FORBIDDEN,
        ]),
      },
    },
  },
  500: transportFailures[500],
};

/** The upload: multipart with one file; its failures as for actions, a too large file as HTTP 413. */
export const uploadDocs = {
  summary: '上传文件（multipart/form-data，字段 file；需登录）',
  tags: ['fs'],
  consumes: ['multipart/form-data'],
  description:
    '需要登录：未登录 401，会话已过期 402（浏览器用 Cookie，移动端在 file 之前的 sid 字段）。公开文件（visibility=public：封面、产品图片）只有厂商管理员能上传，其他上传一律私有。来自其他站点的请求业务码 403。业务失败（未登录、缺少文件、空文件、类型不允许）HTTP 状态为 200。',
  body: {
    type: 'object',
    required: ['file'],
    properties: {
      sid: { type: 'string', description: '会话 id（移动端；须放在 file 之前）' },
      visibility: { type: 'string', enum: ['public', 'private'], description: 'public 仅对厂商管理员有效' },
      file: { type: 'string', format: 'binary', description: '一个文件' },
    },
  },
  response: {
    200: jsonAnswer('已执行：成功信封（data 与 datas 为上传的文件），或业务失败信封', {
      oneOf: [
        embedded(toJsonSchema(uploadFileResponse)),
        failureWith([
          BusinessCode.BAD_REQUEST,
          BusinessCode.NOT_LOGGED_IN,
          BusinessCode.SESSION_EXPIRED,
          BusinessCode.FORBIDDEN,
        ]),
      ],
    }),
    400: transportFailure(400, 'multipart 请求体无法解析，或不止一个文件'),
    413: transportFailure(413, '文件超过上传上限'),
    500: transportFailures[500],
  },
};
