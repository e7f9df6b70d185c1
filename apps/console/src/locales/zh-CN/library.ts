/** 从素材库选择: the picture picker of the article, product, banner and settings forms (issue 35 item 1). */
export default {
  'library.open': '从素材库选择',
  'library.title': '从素材库选择图片',
  'library.search': '按文件名搜索',
  'library.upload': '上传新图片',
  'library.none': '没有找到图片',
  'library.altNeeded': '“{name}”还没有替代文字：放到页面上之前请先填写（简要描述图片内容）',
  'library.useWithAlt': '保存并使用',
  'library.suggestAlt': 'AI 建议替代文字',
};
