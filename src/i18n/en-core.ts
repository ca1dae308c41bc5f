/**
 * The part of the English catalogue the first screen needs: the shell (page names, header,
 * palette), common words, generic errors and the small shared pieces. It is in the initial
 * JavaScript; the screen areas' texts (src/i18n/en.ts) arrive with the first screen chunk
 * (`ensureCatalogues` in src/i18n/i18n.ts), so the initial load does not carry every screen's words.
 */
import { shellEn } from './areas/shell.en';
import { twoFactorSignInEn } from './areas/two-factor-sign-in.en';

export const enCore = {
  shell: shellEn,
  // The sign-in form's second step; the rest of two_factor comes with the screens (src/i18n/en.ts).
  two_factor: { signIn: twoFactorSignInEn },
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
    not_your_child: 'That student is not linked to your account.',
    own_records_only: 'You may only see your own records.',
    not_found: 'Not found.',
    too_many_requests: 'Too many attempts. Please wait a moment and try again.',
    rate_limited: 'Too many changes in a short time. Please wait a while and try again.',
    server_busy: 'The server is busy. Please try again in a few seconds.',
    internal: 'Something went wrong on our side. Please try again.',
    database_unavailable: 'The server cannot reach its database just now. Please try again in a few seconds.',
    otp_required: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
    otp_invalid: 'That code is not right, or was used already. Enter the current code.',
  },
  unsaved: {
    title: 'Leave this page?',
    leave: 'Leave',
    stay: 'Stay',
    defaultMessage: 'You have unsaved changes on this page.',
    willBeLost: 'If you leave now, what is not saved will be lost.',
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
