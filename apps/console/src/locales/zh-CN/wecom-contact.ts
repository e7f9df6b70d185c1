/** 企业微信客户联系 on a lead (decision 062). */
export default {
  'leads.wecom.title': '企业微信',
  'leads.wecom.pending': '正在为负责人生成联系我二维码…',
  'leads.wecom.failed': '联系我二维码生成失败：{reason}',
  'leads.wecom.qr': '负责人的联系我二维码',
  'leads.wecom.unbound': '客户尚未通过二维码添加负责人的企业微信',
  'leads.wecom.bound': '已添加企业微信：{name}',
  'leads.wecom.boundAt': '添加时间',
  'leads.wecom.removed': '已删除',
  'leads.wecom.owner': '负责人企业微信账号',
};
