/**
 * বাংলা: written for a school (how a Bangladeshi teacher or guardian would say it), not word by
 * word. Loaded on demand when Bangla is chosen, so English users never download it.
 */
import type { Catalogue } from './en';
import { attendanceBn } from './areas/attendance.bn';
import { calendarBn } from './areas/calendar.bn';
import { homeworkBn, uploadBn } from './areas/homework.bn';
import { subjectActivitiesBn } from './areas/subject-activities.bn';
import { noticesBn } from './areas/notices.bn';
import { shellBn } from './areas/shell.bn';
import { routinesBn } from './areas/routines.bn';
import { peopleBn } from './areas/people.bn';
import { gradesheetBn } from './areas/gradesheet.bn';
import { registrationBn } from './areas/registration.bn';
import { schoolSetupBn } from './areas/setup-school.bn';
import { setupStructureBn } from './areas/setup-structure.bn';
import { examSetupBn } from './areas/exam-setup.bn';
import { feesBn } from './areas/fees.bn';
import { studentFeesBn } from './areas/student-fees.bn';
import { paymentsBn } from './areas/payments.bn';
import { markEntryBn } from './areas/mark-entry.bn';
import { twoFactorBn } from './areas/two-factor.bn';
import { resourcesBn } from './areas/resources.bn';
import { guardiansBn } from './areas/guardians.bn';
import { profilesBn } from './areas/profiles.bn';
import { eschoolBn } from './areas/eschool.bn';
import { attendanceRegisterBn } from './areas/attendance-register.bn';
import { dashboardsBn } from './areas/dashboards.bn';
import { leaveBn, staffBn, substitutionBn } from './areas/staff.bn';
import { recordsBn } from './areas/records.bn';
import { deletesBn } from './areas/deletes.bn';
import { resultsAnalysisBn } from './areas/results-analysis.bn';
import { smsBn } from './areas/sms.bn';

export const bn: Catalogue = {
  shell: shellBn,
  notices: noticesBn,
  attendance: attendanceBn,
  routines: routinesBn,
  calendar: calendarBn,
  homework: homeworkBn,
  subject_activities: subjectActivitiesBn,
  upload: uploadBn,
  people: peopleBn,
  gradesheet: gradesheetBn,
  registration: registrationBn,
  school_setup: schoolSetupBn,
  structure: setupStructureBn,
  examSetup: examSetupBn,
  fees: feesBn,
  studentFees: studentFeesBn,
  payments: paymentsBn,
  markEntry: markEntryBn,
  two_factor: twoFactorBn,
  resources: resourcesBn,
  guardians: guardiansBn,
  profiles: profilesBn,
  eschoolArea: eschoolBn,
  attendanceRegister: attendanceRegisterBn,
  records: recordsBn,
  deletes: deletesBn,
  resultsAnalysis: resultsAnalysisBn,
  dashboards: dashboardsBn,
  sms: smsBn,
  staff: staffBn,
  leave: leaveBn,
  substitution: substitutionBn,
  common: {
    appName: 'পাঠশালা',
    updateReady: 'পাঠশালার নতুন সংস্করণ তৈরি।',
    updateReload: 'হালনাগাদ করতে রিলোড করুন',
    updateLater: 'পরে',
    loading: 'লোড হচ্ছে…',
    tryAgain: 'আবার চেষ্টা করুন',
    cancel: 'বাতিল',
    confirm: 'নিশ্চিত করুন',
    close: 'বন্ধ করুন',
    save: 'সংরক্ষণ করুন',
    submit: 'জমা দিন',
    edit: 'সম্পাদনা',
    delete: 'মুছে ফেলুন',
    back: 'ফিরে যান',
    search: 'খুঁজুন',
    all: 'সব',
    none: 'কিছু নেই',
    yes: 'হ্যাঁ',
    no: 'না',
    couldNotLoad: '{{what}} লোড করা যায়নি।',
    networkError: 'সার্ভারের সাথে যোগাযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    unexpectedAnswer: 'সার্ভার এমন উত্তর পাঠিয়েছে যা এই পাতা বুঝতে পারছে না।',
    somethingWrong: 'কিছু একটা সমস্যা হয়েছে। আবার চেষ্টা করুন।',
    areYouSureDelete: 'আপনি কি নিশ্চিত যে মুছে ফেলতে চান?',
  },
  errors: {
    network: 'সার্ভারের সাথে যোগাযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    bad_response: 'সার্ভার এমন উত্তর পাঠিয়েছে যা এই পাতা বুঝতে পারছে না।',
    unauthorized: 'চালিয়ে যেতে অনুগ্রহ করে সাইন ইন করুন।',
    forbidden: 'এটি দেখার বা করার অনুমতি আপনার নেই।',
    forbidden_role: 'আপনার অ্যাকাউন্টের ধরন দিয়ে এটি করা যায় না।',
    read_only_account: 'আপনার অ্যাকাউন্ট শুধু দেখতে পারে, পরিবর্তন করতে পারে না।',
    not_your_child: 'এই শিক্ষার্থী আপনার অ্যাকাউন্টে যুক্ত নয়।',
    own_records_only: 'আপনি শুধু নিজের তথ্য দেখতে পারবেন।',
    no_teacher_record: 'আপনার অ্যাকাউন্টে শিক্ষকের তথ্য নেই।',
    no_student_record: 'আপনার অ্যাকাউন্টে শিক্ষার্থীর তথ্য নেই।',
    not_your_section: 'আপনি এই শাখায় পড়ান না।',
    not_found: 'খুঁজে পাওয়া যায়নি।',
    too_many_requests: 'অনেকবার চেষ্টা করা হয়েছে। একটু অপেক্ষা করে আবার চেষ্টা করুন।',
    rate_limited: 'অল্প সময়ে অনেক পরিবর্তন হয়েছে। কিছুক্ষণ পরে আবার চেষ্টা করুন।',
    server_busy: 'সার্ভার এখন ব্যস্ত। কয়েক সেকেন্ড পরে আবার চেষ্টা করুন।',
    internal: 'আমাদের দিকে একটি সমস্যা হয়েছে। আবার চেষ্টা করুন।',
    database_unavailable: 'সার্ভার এই মুহূর্তে তার ডেটাবেসে পৌঁছাতে পারছে না। কয়েক সেকেন্ড পরে আবার চেষ্টা করুন।',
    otp_required: 'অথেনটিকেটর অ্যাপের ৬ অঙ্কের কোড, অথবা একটি রিকভারি কোড লিখুন।',
    otp_invalid: 'কোডটি সঠিক নয়, অথবা আগেই ব্যবহার করা হয়েছে। এখনকার কোডটি লিখুন।',
    invalid_credentials: 'ইউজার আইডি বা পাসওয়ার্ড ভুল।',
    password_change_required: 'আগে নিজের পাসওয়ার্ড বেছে নিন।',
    csrf_header_missing: 'অনুরোধটি অ্যাপ থেকে আসেনি। পাতাটি আবার লোড করে চেষ্টা করুন।',
    idempotency_in_progress: 'অনুরোধটি এখনো প্রক্রিয়া করা হচ্ছে। একটু পরে আবার চেষ্টা করুন।',
    idempotency_key_reused:
      'অনুরোধটিকে আগের একটি ভিন্ন অনুরোধ বলে ধরা হয়েছে, তাই কিছুই করা হয়নি। পাতাটি আবার লোড করে আবার পাঠান।',
    bad_request: 'অনুরোধটি বোঝা যায়নি। পাতাটি আবার লোড করে চেষ্টা করুন।',
    bad_url: 'ঠিকানাটি সঠিক নয়।',
    uri_too_long: 'ঠিকানাটি অনেক বেশি লম্বা।',
    timeout: 'অনুরোধটি পৌঁছাতে অনেক বেশি সময় লেগেছে। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    headers_too_large: 'অনুরোধটি অনেক বড় ছিল। পাতাটি আবার লোড করে চেষ্টা করুন।',
    payload_too_large: 'পাঠানো তথ্য বা ফাইল অনেক বড়।',
    unsupported_media_type: 'এই ধরনের তথ্য এখানে পাঠানো যায় না।',
    route_without_action: 'আমাদের দিকে একটি সমস্যা হয়েছে। পরে আবার চেষ্টা করুন।',
  },
  unsaved: {
    title: 'এই পাতা ছেড়ে যাবেন?',
    leave: 'ছেড়ে যান',
    stay: 'থাকুন',
    defaultMessage: 'এই পাতায় কিছু পরিবর্তন এখনও সংরক্ষণ করা হয়নি।',
    willBeLost: 'এখন চলে গেলে যা সংরক্ষণ হয়নি তা হারিয়ে যাবে।',
  },
  pagination: {
    showing: '{{total}}টির মধ্যে {{first}}–{{last}} দেখানো হচ্ছে',
    previous: 'আগের পাতা',
    next: 'পরের পাতা',
    page: 'পাতা {{page}}',
  },
  dateField: {
    hint: 'দিন-মাস-বছর, যেমন ২৩-১১-২০২৬',
    placeholder: 'দিন-মাস-বছর',
    chooseFromCalendar: 'ক্যালেন্ডার থেকে {{label}} বেছে নিন',
    enterDate: 'তারিখ দিন-মাস-বছর আকারে লিখুন, যেমন ২৩-১১-২০২৬।',
    enterRealDate: 'সঠিক একটি তারিখ দিন-মাস-বছর আকারে লিখুন।',
    onOrAfter: 'তারিখটি {{date}} বা তার পরে হতে হবে।',
    onOrBefore: 'তারিখটি {{date}} বা তার আগে হতে হবে।',
  },
  language: {
    label: 'Language / ভাষা',
    en: 'English',
    bn: 'বাংলা',
  },
  count: {
    students_one: '{{count}} জন শিক্ষার্থী',
    students_other: '{{count}} জন শিক্ষার্থী',
    guardians_one: '{{count}} জন অভিভাবক',
    guardians_other: '{{count}} জন অভিভাবক',
  },
};
