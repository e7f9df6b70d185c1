/**
 * Where a designed form shows besides /form/{slug} (decision 056): under the articles of chosen kinds, under
 * every product, as the home page's 预约演示 section. And the download of a visitor's uploaded file (a 招标文件)
 * from the lead drawer: a file, not an envelope, for staff who may read that lead.
 */
import { z } from 'zod';
import { positiveInt, siteScoped } from './fields';

/**
 * One answer on a lead, under the question it answered (that version's label; a lead lists them in the form's
 * order); a file answer names its file for the drawer's link.
 */
export const leadAnswer = z.object({
  key: z.string(),
  label: z.string(),
  text: z.string(),
  fileUuid: z.string().optional(),
});

export const formPlaceMessages = {
  placementInvalid: '显示位置不在可选范围内',
  downloadFileInvalid: '下载文件标识不正确',
  downloadFileMissing: '下载文件不存在，请重新上传',
} as const;

/**
 * GET so the drawer's link downloads the file: 404 envelope when the lead is not the caller's to read (lead
 * visibility, decision 032) or the file is not one of that lead's answers.
 */
export const leadFileDownload = {
  path: '/store/api/v1.0/downloadLeadFileAdmin.file',
  auth: 'admin',
  scope: 'site',
  permission: 'leads.read',
  input: siteScoped.partial().extend({
    leadId: positiveInt('线索编号'),
    fileUuid: z.uuid({ error: '文件标识不正确' }),
  }),
} as const;

export const leadFileUrl = (leadId: number, fileUuid: string) =>
  `${leadFileDownload.path}?${new URLSearchParams({ leadId: String(leadId), fileUuid })}`;
