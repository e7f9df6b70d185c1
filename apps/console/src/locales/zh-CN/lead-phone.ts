/** The phone lead page an alert's link opens (decision 065). */
export default {
  'leadPhone.title': '销售线索',
  'leadPhone.fullView': '完整视图',
  'leadPhone.call': '拨打 {phone}',
  'leadPhone.status': '跟进状态',
  'leadPhone.details': '线索详情',
  'leadPhone.recent': '我的最近线索',
  'leadPhone.recentEmpty': '暂无线索',
  'leadPhone.refused': '您没有查看销售线索的权限',
  'leadPhone.refusedHint': '如需查看，请联系管理员为您的角色开通销售线索权限。',
  'leadPhone.toConsole': '进入控制台',
  'leadPhone.notFound': '找不到这条线索：它可能已被删除，或不在您可以查看的范围内。',
  'leadPhone.failed': '加载失败：{message}',
  'leadPhone.retry': '重试',
  'leadPhone.fallback': '请求失败，请稍后重试',
  'leadPhone.noteRequired': '请填写跟进内容',
  'leadPhone.readOnly': '您的角色只能查看线索，不能修改。',
};
