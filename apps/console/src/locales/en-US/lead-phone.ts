/** The phone lead page an alert's link opens (decision 065). */
export default {
  'leadPhone.title': 'Sales leads',
  'leadPhone.fullView': 'Full view',
  'leadPhone.call': 'Call {phone}',
  'leadPhone.status': 'Status',
  'leadPhone.details': 'Lead details',
  'leadPhone.recent': 'My recent leads',
  'leadPhone.recentEmpty': 'No leads yet',
  'leadPhone.refused': 'You may not view sales leads',
  'leadPhone.refusedHint': 'Ask an administrator to give your role access to sales leads.',
  'leadPhone.toConsole': 'Open the console',
  'leadPhone.notFound': 'This lead cannot be found: it may have been deleted, or it is not one you may view.',
  'leadPhone.failed': 'Could not load: {message}',
  'leadPhone.retry': 'Retry',
  'leadPhone.fallback': 'The request failed, please try again',
  'leadPhone.noteRequired': 'Enter what was said or done',
  'leadPhone.readOnly': 'Your role may view leads but not change them.',
};
