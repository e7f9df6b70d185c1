/** WeCom customer contact on a lead (decision 062). */
export default {
  'leads.wecom.title': 'WeCom',
  'leads.wecom.pending': 'Creating the owner’s contact QR code…',
  'leads.wecom.failed': 'The contact QR code could not be created: {reason}',
  'leads.wecom.qr': 'The owner’s contact QR code',
  'leads.wecom.unbound': 'The customer has not added the owner on WeCom through the QR code yet',
  'leads.wecom.bound': 'Added on WeCom: {name}',
  'leads.wecom.boundAt': 'Added',
  'leads.wecom.removed': 'Deleted',
  'leads.wecom.owner': 'Owner’s WeCom account',
};
