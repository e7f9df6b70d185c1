/** 企业微信客户联系 (decision 062): on a lead, and its settings in 登录方式. */
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
  'wecomContact.title': '企业微信客户联系',
  'wecomContact.intro':
    '线索分配后，为负责人生成带线索标识的「联系我」二维码；客户扫码添加后，企业微信的客户联系回调把客户绑定到线索。负责人需先在账号绑定中关联企业微信成员。Secret、Token 和 EncodingAESKey 保存后不再显示。',
  'wecomContact.enabled': '启用',
  'wecomContact.corpId': '企业 ID（CorpID）',
  'wecomContact.corpId.extra': '企业微信管理后台 → 我的企业 → 企业信息',
  'wecomContact.secret': '客户联系 Secret',
  'wecomContact.secret.extra': '客户与上下游 → 客户联系 → API',
  'wecomContact.secret.set': '已保存，留空表示不变',
  'wecomContact.secret.unset': '尚未保存',
  'wecomContact.callbackUrl': '回调地址（URL）',
  'wecomContact.callbackUrl.extra':
    '在客户联系 → API → 接收事件服务器中填写此地址，以及下面的 Token 和 EncodingAESKey',
  'wecomContact.token': 'Token',
  'wecomContact.aesKey': 'EncodingAESKey',
  'wecomContact.saved': '企业微信客户联系设置已保存',
};
