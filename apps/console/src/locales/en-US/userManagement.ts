import type zh from '../zh-CN/userManagement';

export default {
  'teacherRegister.title': 'Teacher registrations',
  'teacherRegister.name': 'Name',
  'teacherRegister.phone': 'Phone',
  'teacherRegister.status': 'Status',
  'teacherRegister.status.pending': 'Pending',
  'teacherRegister.status.confirmed': 'Confirmed',
  'teacherRegister.status.rejected': 'Rejected',
  'teacherRegister.appliedAt': 'Applied at',
  'teacherRegister.rejectReason': 'Reason',
  'teacherRegister.keyword': 'Name or phone',
  'teacherRegister.confirm': 'Confirm',
  'teacherRegister.reject': 'Reject',
  'teacherRegister.confirm.title': 'Confirm the registration of "{name}"?',
  'teacherRegister.reject.title': 'Reject the registration of "{name}"',
  'teacherRegister.reason.required': 'Please give a reason!',
  'teacherRegister.confirmed': 'Confirmed',
  'teacherRegister.rejected': 'Rejected',
} satisfies Record<keyof typeof zh, string>;
