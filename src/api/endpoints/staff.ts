/** The staff-day endpoints (attendance, leave, substitutes, notices to staff), served by server/routes/staff.ts. */
import { get, post, put } from '@/api/endpoints/define';
import {
  checkBody,
  checkResponse,
  leaveBalance,
  leaveBalanceQuery,
  leaveBody,
  leaveDecisionBody,
  leaveListQuery,
  leavePage,
  leaveWriteResponse,
  myStaffDay,
  okCode,
  staffDayPage,
  staffDayQuery,
  staffMarkBody,
  staffMarkResponse,
  staffNoticeBody,
  staffNoticePage,
  staffNoticeQuery,
  staffNoticeResponse,
  staffRegister,
  staffRegisterQuery,
  staffSettings,
  staffSettingsBody,
  staffSettingsQuery,
  substitutionBody,
  substitutionNeeded,
  substitutionNeededQuery,
  substitutionRemoveBody,
  substitutionResponse,
} from '@/api/schemas/staff';

export const staffEndpoints = {
  settings: get('/staff/settings', 'staff.day', { query: staffSettingsQuery, response: staffSettings }),
  saveSettings: put('/staff/settings', 'staff.settings', { body: staffSettingsBody, response: staffSettings }),
  me: get('/staff/me', 'staff.check-in', { response: myStaffDay }),
  checkIn: post('/staff/check_in', 'staff.check-in', { body: checkBody, response: checkResponse }),
  checkOut: post('/staff/check_out', 'staff.check-in', { body: checkBody, response: checkResponse }),
  attendance: get('/staff/attendance', 'staff.attendance', { query: staffDayQuery, response: staffDayPage }),
  mark: post('/staff/attendance', 'staff.mark', { body: staffMarkBody, response: staffMarkResponse }),
  register: get('/staff/register', 'staff.attendance', { query: staffRegisterQuery, response: staffRegister }),
  /** The same month as the register a school prints (A4 landscape). */
  registerPdf: get('/staff/register/pdf', 'staff.attendance', { query: staffRegisterQuery }),
};

export const leaveEndpoints = {
  request: post('/leave', 'leave.request', { body: leaveBody, response: leaveWriteResponse }),
  decide: post('/leave/approve', 'leave.decide', { body: leaveDecisionBody, response: leaveWriteResponse }),
  list: get('/leave', 'leave.list', { query: leaveListQuery, response: leavePage }),
  balance: get('/leave/balance', 'leave.list', { query: leaveBalanceQuery, response: leaveBalance }),
};

export const substitutionEndpoints = {
  needed: get('/substitution/needed', 'substitution.assign', {
    query: substitutionNeededQuery,
    response: substitutionNeeded,
  }),
  assign: post('/substitution', 'substitution.assign', { body: substitutionBody, response: substitutionResponse }),
  remove: post('/substitution/delete', 'substitution.assign', { body: substitutionRemoveBody, response: okCode }),
};

export const staffNoticeEndpoints = {
  send: post('/staff/notice', 'staff-notice.write', { body: staffNoticeBody, response: staffNoticeResponse }),
  list: get('/staff/notice', 'staff-notice.read', { query: staffNoticeQuery, response: staffNoticePage }),
};
