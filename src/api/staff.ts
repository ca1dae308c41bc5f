/**
 * The teachers' own day (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): calls typed
 * with ./schemas/staff and the TanStack Query factories the staff screens read with. Writes are the
 * leave and substitution machines' actors (src/machines/leave.machine.ts, substitution.machine.ts)
 * and the check-in buttons; after one succeeds the screen invalidates `staffKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import { urlOf } from '@/api/endpoints/define';
import { downloadFile } from '@/api/upload';
import type {
  CheckResponse,
  LeaveBalance,
  LeaveBody,
  LeaveDecisionBody,
  LeaveListQuery,
  LeavePage,
  LeaveWriteResponse,
  MyStaffDay,
  StaffDayPage,
  StaffDayQuery,
  StaffMarkBody,
  StaffNoticeBody,
  StaffNoticePage,
  StaffNoticeQuery,
  StaffRegister,
  StaffRegisterQuery,
  StaffSettings,
  StaffSettingsBody,
  SubstitutionBody,
  SubstitutionNeeded,
  SubstitutionNeededQuery,
  SubstitutionResponse,
} from '@/api/schemas/staff';
import { leaveEndpoints, staffEndpoints, staffNoticeEndpoints, substitutionEndpoints } from '@/api/endpoints/staff';

export const checkIn = (): Promise<CheckResponse> => request(staffEndpoints.checkIn, { body: {} });
export const checkOut = (): Promise<CheckResponse> => request(staffEndpoints.checkOut, { body: {} });
export const saveStaffSettings = (body: StaffSettingsBody): Promise<StaffSettings> =>
  request(staffEndpoints.saveSettings, { body });
export const markStaffDay = (body: StaffMarkBody) => request(staffEndpoints.mark, { body });
export const requestLeave = (body: LeaveBody): Promise<LeaveWriteResponse> => request(leaveEndpoints.request, { body });
export const decideLeave = (body: LeaveDecisionBody): Promise<LeaveWriteResponse> =>
  request(leaveEndpoints.decide, { body });
export const assignSubstitute = (body: SubstitutionBody): Promise<SubstitutionResponse> =>
  request(substitutionEndpoints.assign, { body });
export const sendStaffNotice = (body: StaffNoticeBody) => request(staffNoticeEndpoints.send, { body });

/** The month's staff register as the PDF the school prints (GET /api/staff/register/pdf). */
export function downloadStaffRegisterPdf(q: StaffRegisterQuery): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return downloadFile(`${urlOf(staffEndpoints.registerPdf)}?${params.toString()}`, 'staff-register.pdf');
}

export const staffKeys = {
  all: ['staff'] as const,
  me: () => ['staff', 'me'] as const,
  settings: (q: { school_info_id?: number }) => ['staff', 'settings', q] as const,
  day: (q: StaffDayQuery) => ['staff', 'day', q] as const,
  register: (q: StaffRegisterQuery) => ['staff', 'register', q] as const,
  leave: (q: LeaveListQuery) => ['staff', 'leave', q] as const,
  balance: (teacherId?: number) => ['staff', 'balance', teacherId ?? 'me'] as const,
  needed: (q: SubstitutionNeededQuery) => ['staff', 'needed', q] as const,
  notices: (q: StaffNoticeQuery) => ['staff', 'notices', q] as const,
};

export const staffSettingsQuery = (q: { school_info_id?: number }) =>
  queryOptions({
    queryKey: staffKeys.settings(q),
    queryFn: (): Promise<StaffSettings> => request(staffEndpoints.settings, { query: q }),
  });

export const myStaffDayQuery = () =>
  queryOptions({ queryKey: staffKeys.me(), queryFn: (): Promise<MyStaffDay> => request(staffEndpoints.me, {}) });

export const staffDayQuery = (q: StaffDayQuery) =>
  queryOptions({
    queryKey: staffKeys.day(q),
    queryFn: (): Promise<StaffDayPage> => request(staffEndpoints.attendance, { query: q }),
    placeholderData: keepPreviousData,
  });

export const staffRegisterQuery = (q: StaffRegisterQuery) =>
  queryOptions({
    queryKey: staffKeys.register(q),
    queryFn: (): Promise<StaffRegister> => request(staffEndpoints.register, { query: q }),
  });

export const leaveListQuery = (q: LeaveListQuery) =>
  queryOptions({
    queryKey: staffKeys.leave(q),
    queryFn: (): Promise<LeavePage> => request(leaveEndpoints.list, { query: q }),
    placeholderData: keepPreviousData,
  });

export const leaveBalanceQuery = (teacherId?: number) =>
  queryOptions({
    queryKey: staffKeys.balance(teacherId),
    queryFn: (): Promise<LeaveBalance> =>
      request(leaveEndpoints.balance, { query: teacherId ? { teacher_id: teacherId } : {} }),
  });

export const substitutionNeededQuery = (q: SubstitutionNeededQuery) =>
  queryOptions({
    queryKey: staffKeys.needed(q),
    queryFn: (): Promise<SubstitutionNeeded> => request(substitutionEndpoints.needed, { query: q }),
  });

export const staffNoticesQuery = (q: StaffNoticeQuery) =>
  queryOptions({
    queryKey: staffKeys.notices(q),
    queryFn: (): Promise<StaffNoticePage> => request(staffNoticeEndpoints.list, { query: q }),
    placeholderData: keepPreviousData,
  });
