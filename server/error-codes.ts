/**
 * Every error code the server answers (`{ error: { code, message } }`, docs/ARCHITECTURE.md, "A
 * request's path"), per area. ApiError's code is one of these (server/errors.ts), so a new code
 * cannot be sent without being listed here; tests/screens/error-texts.test.ts checks that each has
 * its English and Bangla text where the client looks for it (docs/i18n.md), and
 * tests/server/error-codes.test.ts that the server's source sends no code this list lacks, and none
 * that it lists is never sent. Codes the server builds from parts (`attendance.${name}`,
 * `routines.${kind}_clash`) are listed whole.
 */

export const ERROR_CODES = {
  /** Any route: server/errors.ts's helpers, the app's error handler, the guard, the plugins, sign-in. */
  generic: [
    'invalid_input',
    'unauthorized',
    'forbidden',
    'not_found',
    'conflict',
    'too_many_requests',
    'database_unavailable',
    'internal',
    'bad_request',
    'bad_url',
    'uri_too_long',
    'timeout',
    'headers_too_large',
    'payload_too_large',
    'unsupported_media_type',
    'server_busy',
    'rate_limited',
    'route_without_action',
    'csrf_header_missing',
    'forbidden_role',
    'read_only_account',
    'password_change_required',
    'no_student_record',
    'no_teacher_record',
    'not_your_section',
    'own_records_only',
    'not_your_child',
    'idempotency_in_progress',
    'idempotency_key_reused',
    'invalid_credentials',
    'otp_required',
    'otp_invalid',
  ],
  activity: ['activity.not_in_charge'],
  attendance: [
    'attendance.window_closed',
    'attendance.correction_window_closed',
    'attendance.not_taken',
    'attendance.future_date',
    'attendance.weekly_off',
    'attendance.wrong_weekday',
    'attendance.outside_session',
    'attendance.holiday',
    'attendance.taken_at_invalid',
    'attendance.taken_at_future',
    'attendance.taken_at_before_day',
    'attendance.duplicate_students',
    'attendance.not_enrolled',
    'attendance.end_before_start',
    'attendance.range_too_long',
    'attendance.choose_section',
    'attendance.routine_not_in_section',
    'attendance.section_not_in_class',
    'attendance.messages_today_only',
    'attendance.another_teachers_class',
    'attendance.on_leave',
    'attendance.substituted',
  ],
  calendar: ['calendar.duplicate_holiday'],
  /** Deleting a record made by mistake (services/record-deletes.ts, docs/DOMAIN.md "Deleting"). */
  deletes: ['deletes.has_dependents'],
  eschool: ['eschool.not_own', 'eschool.cancelled'],
  exams: [
    'exams.duplicate',
    'exams.locked',
    'exams.not_yours',
    'exams.not_published',
    'exams.entered_at_future',
    'exams.entered_at_too_old',
  ],
  fees: [
    'fees.overpayment',
    'fees.sector_exists',
    'fees.fee_amount_differs',
    'fees.idempotency_key_required',
    'fees.nothing_to_reverse',
    'fees.test_payment',
    'fees.no_students',
  ],
  guardians: ['guardians.phone_taken', 'guardians.student_not_here', 'guardians.not_linked'],
  homework: ['homework.closed', 'homework.has_submissions', 'homework.not_own', 'homework.not_for_you'],
  subject_activities: [
    'subject_activities.not_open',
    'subject_activities.closed',
    'subject_activities.already_marked',
    'subject_activities.not_for_you',
    'subject_activities.not_own',
  ],
  notices: [
    'notices.not_own',
    'notices.own_list_only',
    'notices.no_student_record',
    'notices.other_student',
    'notices.beyond_reach',
    'notices.rate_limited',
  ],
  payments: [
    'payments.bad_signature',
    'payments.callback_mismatch',
    'payments.already_completed',
    'payments.duplicate_transaction',
    'payments.unknown_payment',
    'payments.online_unavailable',
  ],
  people: ['people.duplicate', 'people.import_refused', 'people.already_enrolled', 'people.roll_taken'],
  records: ['records.inactive_account', 'records.already_inactive', 'records.not_inactive', 'records.future_date'],
  resources: [
    'resources.no_copy_left',
    'resources.already_borrowed',
    'resources.on_loan',
    'resources.copies_below_loans',
    'resources.already_returned',
    'resources.no_such_student',
  ],
  routines: [
    'routines.teacher_clash',
    'routines.section_clash',
    'routines.room_clash',
    'routines.has_attendance',
    'routines.has_attendance_move',
    'routines.weekly_off',
  ],
  school_setup: ['school_setup.duplicate', 'school_setup.organization_in_use', 'school_setup.off_day_has_periods'],
  structure: [
    'structure.in_use',
    'structure.duplicate',
    'structure.period_overlap',
    'structure.session_already_open',
    'structure.session_has_routines',
  ],
  subject_registration: [
    'subject_registration.nothing_chosen',
    'subject_registration.one_fourth',
    'subject_registration.fourth_is_compulsory',
    'subject_registration.fourth_taken',
    'subject_registration.not_optional',
    'subject_registration.not_enrolled',
    'subject_registration.wrong_class',
    'subject_registration.wrong_group',
  ],
  two_factor: [
    'two_factor.setup_required',
    'two_factor.wrong_password',
    'two_factor.wrong_code',
    'two_factor.setup_first',
    'two_factor.already_on',
    'two_factor.not_on',
    'two_factor.required',
    'two_factor.reset_own',
    'two_factor.own_first',
    'two_factor.set_by_super_admin',
  ],
  sms: [
    'sms.no_recipients',
    'sms.bad_template',
    'sms.bad_signature',
    'sms.no_gateway',
    'sms.no_limit',
    'sms.schedule_in_past',
  ],
  upload: ['upload.too_large', 'upload.bad_type', 'upload.rate_limited', 'upload.quota_exceeded'],
  /** The teachers' own day (docs/DOMAIN.md, "Staff attendance, leave and substitutes"). */
  staff: [
    'staff.outside_window',
    'staff.already_checked_in',
    'staff.not_checked_in',
    'staff.already_checked_out',
    'staff.not_school_day',
    'staff.on_leave',
    'staff.future_date',
  ],
  leave: ['leave.over_allowance', 'leave.overlaps', 'leave.no_school_days', 'leave.already_decided', 'leave.too_long'],
  substitution: [
    'substitution.clash',
    'substitution.teacher_away',
    'substitution.own_teacher',
    'substitution.wrong_day',
    'substitution.not_school_day',
    'substitution.teacher_left',
  ],
} as const;

export type ErrorArea = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorArea][number];
/** The names of an area's codes: `ErrorName<'attendance'>` is `'holiday' | 'weekly_off' | ...`. */
export type ErrorName<A extends Exclude<ErrorArea, 'generic'>> = ErrorCode extends infer C
  ? C extends `${A}.${infer N}`
    ? N
    : never
  : never;

export const ALL_ERROR_CODES: readonly ErrorCode[] = Object.values(ERROR_CODES).flat();

/**
 * The codes sent with `params` (the names and numbers the message is about) and those params'
 * names: the client says such a refusal with them from `<key>_named` (src/i18n/errors.ts).
 * ApiError takes params only for a code listed here, and only these.
 */
export const ERROR_PARAMS = {
  'calendar.duplicate_holiday': ['topics', 'dates'],
  'guardians.student_not_here': ['ids'],
  'people.already_enrolled': ['year', 'codes'],
  'people.roll_taken': ['section', 'year', 'rolls'],
  'routines.teacher_clash': ['teacher', 'initial', 'section', 'subject', 'day', 'period', 'room'],
  'routines.section_clash': ['teacher', 'initial', 'section', 'subject', 'day', 'period', 'room'],
  'routines.room_clash': ['teacher', 'initial', 'section', 'subject', 'day', 'period', 'room'],
  'routines.weekly_off': ['day'],
  'school_setup.off_day_has_periods': ['day', 'day_id', 'periods'],
  'upload.rate_limited': ['count', 'minutes'],
  'upload.quota_exceeded': ['kept', 'quota', 'size'],
} as const satisfies Partial<Record<ErrorCode, readonly string[]>>;

/** The params a code is sent with: none (never) unless ERROR_PARAMS lists it. */
export type ErrorParamsOf<C extends ErrorCode> = C extends keyof typeof ERROR_PARAMS
  ? Record<(typeof ERROR_PARAMS)[C][number], string | number>
  : never;
