/** Replacing a file at the same address and its earlier versions on the files page (decision 064). */
export default {
  'files.revisions.open': 'Replace & versions',
  'files.revisions.title': 'Replace & versions: {name}',
  'files.revisions.hint':
    'A new version keeps the file’s address, so every page that uses it shows the new content; the old content is kept as a version you can restore. A picture can only be replaced by a picture.',
  'files.revisions.replace': 'Upload new version',
  'files.revisions.replaced': 'Replaced “{name}”; the address is unchanged',
  'files.revisions.none': 'No earlier versions yet',
  'files.revisions.type': 'Type',
  'files.revisions.checksum': 'Checksum',
  'files.revisions.replacedBy': 'Replaced by, at',
  'files.revisions.restore': 'Restore',
  'files.revisions.restoreConfirm': 'Restore this version? The current content is kept as a version first.',
  'files.revisions.restored': 'Restored; the address is unchanged',
  'audit.action.replace': 'Replaced content',
};
