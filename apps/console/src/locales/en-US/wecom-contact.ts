/** WeCom customer contact (decision 062): on a lead, and its settings under sign-in. */
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
  'wecomContact.title': 'WeCom customer contact',
  'wecomContact.intro':
    'Once a lead has an owner, the owner gets a “Contact me” QR code carrying the lead’s token; when the customer scans it, WeCom’s customer contact callback binds the customer to the lead. Owners link their WeCom member under account bindings first. The Secret, Token and EncodingAESKey are never shown again after saving.',
  'wecomContact.enabled': 'Enabled',
  'wecomContact.corpId': 'Corp ID',
  'wecomContact.corpId.extra': 'WeCom admin → My company → Company info',
  'wecomContact.secret': 'Customer contact Secret',
  'wecomContact.secret.extra': 'Customers → Customer contact → API',
  'wecomContact.secret.set': 'Saved; leave blank to keep it',
  'wecomContact.secret.unset': 'Not saved yet',
  'wecomContact.callbackUrl': 'Callback URL',
  'wecomContact.callbackUrl.extra':
    'Enter this address, with the Token and EncodingAESKey below, under Customer contact → API → Receive events',
  'wecomContact.token': 'Token',
  'wecomContact.aesKey': 'EncodingAESKey',
  'wecomContact.saved': 'WeCom customer contact settings saved',
};
