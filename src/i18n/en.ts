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
import { shellEn } from './areas/shell.en';
import { routinesEn } from './areas/routines.en';
import { peopleEn } from './areas/people.en';
import { gradesheetEn } from './areas/gradesheet.en';
import { registrationEn } from './areas/registration.en';
import { schoolSetupEn } from './areas/setup-school.en';
import { setupStructureEn } from './areas/setup-structure.en';
import { examSetupEn } from './areas/exam-setup.en';
import { feesEn } from './areas/fees.en';
import { markEntryEn } from './areas/mark-entry.en';
import { twoFactorEn } from './areas/two-factor.en';

export const en = {
  // Each screen area keeps its texts in src/i18n/areas/<area>.{en,bn}.ts. A server error code
  // `<area>.<name>` is shown from `<area>.errors.<name>`; generic codes from `errors.<code>`.
  shell: shellEn,
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
  markEntry: markEntryEn,
  two_factor: twoFactorEn,
  common: {
    appName: 'Pathshala',
    updateReady: 'A new version of Pathshala is ready.',
    updateReload: 'Reload to update',
    updateLater: 'Later',
    loading: 'Loading…',
    tryAgain: 'Try again',
    cancel: 'Cancel',
    confirm: 'Confirm',
    close: 'Close',
    save: 'Save',
    submit: 'Submit',
    edit: 'Edit',
    delete: 'Delete',
    back: 'Back',
    search: 'Search',
    all: 'All',
    none: 'None',
    yes: 'Yes',
    no: 'No',
    couldNotLoad: 'Could not load {{what}}.',
    networkError: 'Could not reach the server. Check your connection and try again.',
    unexpectedAnswer: 'The server sent an answer this page does not understand.',
    somethingWrong: 'Something went wrong. Please try again.',
    areYouSureDelete: 'Are you sure to delete?',
  },
  errors: {
    network: 'Could not reach the server. Check your connection and try again.',
    bad_response: 'The server sent an answer this page does not understand.',
    unauthorized: 'Please sign in to continue.',
    forbidden: 'You do not have access to this.',
    forbidden_role: 'Your account type cannot do this.',
    read_only_account: 'Your account can only read.',
    not_found: 'Not found.',
    too_many_requests: 'Too many attempts. Please wait a moment and try again.',
    rate_limited: 'Too many changes in a short time. Please wait a while and try again.',
    internal: 'Something went wrong on our side. Please try again.',
    otp_required: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
    otp_invalid: 'That code is not right, or was used already. Enter the current code.',
  },
  unsaved: {
    title: 'Leave this page?',
    leave: 'Leave',
    stay: 'Stay',
    defaultMessage: 'You have unsaved changes on this page.',
    willBeLost: 'If you leave now, they will be lost.',
  },
  pagination: {
    showing: 'Showing {{first}}–{{last}} of {{total}}',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}}',
  },
  dateField: {
    hint: 'DD-MM-YYYY',
    placeholder: 'DD-MM-YYYY',
    chooseFromCalendar: 'Choose {{label}} from a calendar',
    enterDate: 'Enter a date as DD-MM-YYYY.',
    enterRealDate: 'Enter a real date as DD-MM-YYYY.',
    onOrAfter: 'The date must be on or after {{date}}.',
    onOrBefore: 'The date must be on or before {{date}}.',
  },
  language: {
    label: 'Language / ভাষা',
    en: 'English',
    bn: 'বাংলা',
  },
  count: {
    students_one: '{{count}} student',
    students_other: '{{count}} students',
    guardians_one: '{{count}} guardian',
    guardians_other: '{{count}} guardians',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language's catalogue has: the English keys, with any text. */
export type Catalogue = Widen<typeof en>;
