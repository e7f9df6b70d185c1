/** A picture's alt text and focal point on the files page (decision 063). */
export default {
  'files.picture.open': '替代文字与焦点',
  'files.picture.title': '图片：{name}',
  'files.picture.focus': '焦点',
  'files.picture.focusHint':
    '点击图片标出最重要的位置（如人脸）；裁剪成横幅、手机图与卡片时会保留它。也可用方向键微调。',
  'files.picture.focusAt': '焦点位置：{position}',
  'files.picture.cropPhone': '手机横幅',
  'files.picture.cropDesktop': '电脑横幅',
  'files.picture.altText': '替代文字',
  'files.picture.altHint': '简要描述图片内容，供读屏软件与搜索引擎使用；内容中没有填写时网站使用这里的文字。',
  'files.picture.noAlt': '缺少替代文字',
  'files.picture.pixels': '{width}×{height} 像素',
  'files.picture.small': '偏小',
  'files.picture.tooNarrow': '偏小：宽 {width} 像素，此处建议至少 {wanted} 像素，大屏上会模糊',
};
