/**
 * The English catalogue: the default language and the spec's exact texts. Keys are grouped by
 * screen area; every other catalogue must have exactly these keys (`Catalogue` below makes a
 * missing one a type error). Plurals use i18next's suffixes (`_one`, `_other`); values use
 * `{{name}}` interpolation.
 */
import { attendanceEn } from './areas/attendance.en';
import { calendarEn } from './areas/calendar.en';
import { homeworkEn, uploadEn } from './areas/homework.en';
import { noticesEn } from './areas/notices.en';
import { enCore } from './en-core';
import { routinesEn } from './areas/routines.en';
import { peopleEn } from './areas/people.en';
import { gradesheetEn } from './areas/gradesheet.en';
import { registrationEn } from './areas/registration.en';
import { schoolSetupEn } from './areas/setup-school.en';
import { setupStructureEn } from './areas/setup-structure.en';
import { examSetupEn } from './areas/exam-setup.en';
import { feesEn } from './areas/fees.en';
import { studentFeesEn } from './areas/student-fees.en';
import { paymentsEn } from './areas/payments.en';
import { markEntryEn } from './areas/mark-entry.en';
import { twoFactorEn } from './areas/two-factor.en';
import { resourcesEn } from './areas/resources.en';
import { guardiansEn } from './areas/guardians.en';
import { profilesEn } from './areas/profiles.en';
import { eschoolEn } from './areas/eschool.en';
import { attendanceRegisterEn } from './areas/attendance-register.en';
import { dashboardsEn } from './areas/dashboards.en';
import { subjectActivitiesEn } from './areas/subject-activities.en';
import { recordsEn } from './areas/records.en';
import { deletesEn } from './areas/deletes.en';
import { resultsAnalysisEn } from './areas/results-analysis.en';
import { smsEn } from './areas/sms.en';
import { leaveEn, staffEn, substitutionEn } from './areas/staff.en';

export const en = {
  // Each screen area keeps its texts in src/i18n/areas/<area>.{en,bn}.ts. A server error code
  // `<area>.<name>` is shown from `<area>.errors.<name>`; generic codes from `errors.<code>`.
  ...enCore,
  notices: noticesEn,
  attendance: attendanceEn,
  routines: routinesEn,
  calendar: calendarEn,
  homework: homeworkEn,
  upload: uploadEn,
  people: peopleEn,
  gradesheet: gradesheetEn,
  registration: registrationEn,
  school_setup: schoolSetupEn,
  structure: setupStructureEn,
  examSetup: examSetupEn,
  fees: feesEn,
  studentFees: studentFeesEn,
  payments: paymentsEn,
  markEntry: markEntryEn,
  two_factor: twoFactorEn,
  resources: resourcesEn,
  guardians: guardiansEn,
  profiles: profilesEn,
  eschoolArea: eschoolEn,
  attendanceRegister: attendanceRegisterEn,
  subject_activities: subjectActivitiesEn,
  records: recordsEn,
  deletes: deletesEn,
  resultsAnalysis: resultsAnalysisEn,
  dashboards: dashboardsEn,
  sms: smsEn,
  staff: staffEn,
  leave: leaveEn,
  substitution: substitutionEn,
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language's catalogue has: the English keys, with any text. */
export type Catalogue = Widen<typeof en>;
