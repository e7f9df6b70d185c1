/** A picture's alt text and focal point on the files page (decision 063). */
export default {
  'files.picture.open': 'Alt text & focus',
  'files.picture.title': 'Picture: {name}',
  'files.picture.focus': 'Focal point',
  'files.picture.focusHint':
    'Click the most important spot (a face, say); banner, phone and card crops keep it in view. The arrow keys move it too.',
  'files.picture.focusAt': 'Focal point: {position}',
  'files.picture.cropPhone': 'Phone banner',
  'files.picture.cropDesktop': 'Desktop banner',
  'files.picture.altText': 'Alt text',
  'files.picture.altHint':
    'Describe the picture briefly for screen readers and search engines; the site uses it where the content gives none.',
  'files.picture.noAlt': 'No alt text',
  'files.picture.pixels': '{width}×{height} px',
  'files.picture.small': 'small',
  'files.picture.tooNarrow':
    'Small: {width} px wide, {wanted} px or more suggested here; blurry on large screens',
};
