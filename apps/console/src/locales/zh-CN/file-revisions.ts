/** Replacing a file at the same address and its earlier versions on the files page (decision 064). */
export default {
  'files.revisions.open': '替换与历史版本',
  'files.revisions.title': '替换与历史版本：{name}',
  'files.revisions.hint':
    '上传新版本后文件地址不变，网站上用到它的地方都会显示新内容；原来的内容存为历史版本，可以随时恢复。图片只能替换为图片。',
  'files.revisions.replace': '上传新版本',
  'files.revisions.replaced': '已替换“{name}”，地址不变',
  'files.revisions.none': '还没有历史版本',
  'files.revisions.type': '类型',
  'files.revisions.checksum': '校验值',
  'files.revisions.replacedBy': '替换人与时间',
  'files.revisions.restore': '恢复',
  'files.revisions.restoreConfirm': '恢复为这个版本？当前内容会先存为一个历史版本。',
  'files.revisions.restored': '已恢复，地址不变',
  'audit.action.replace': '替换内容',
};
