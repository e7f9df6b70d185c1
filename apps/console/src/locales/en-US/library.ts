/** The library picture picker of the article, product, banner and settings forms (issue 35 item 1). */
export default {
  'library.open': 'Choose from library',
  'library.title': 'Choose a picture from the library',
  'library.search': 'Search by file name',
  'library.upload': 'Upload a new picture',
  'library.none': 'No pictures found',
  'library.altNeeded': '“{name}” has no alt text yet: describe the picture briefly before placing it',
  'library.useWithAlt': 'Save and use',
  'library.suggestAlt': 'Suggest with AI',
};
