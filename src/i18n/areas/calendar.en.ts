/** English texts of the academic calendar area (see src/i18n/en.ts for the rules): the spec's words. */
export const calendarEn = {
  title: 'Academic Calender',
  readTitle: 'Academic Calendar',
  add: 'Add Calender',
  update: 'Update Calender',
  fields: {
    type: 'Schedule Type',
    topics: 'Schedule',
    details: 'Details',
    date: 'Schedule Date',
    end_date: 'Last day',
  },
  endDateHint: 'For a range (an exam, a vacation); leave empty for one day.',
  types: {
    holiday: 'Holiday',
    exam: 'Exam',
    event: 'Event',
    meeting: 'Meeting',
    other: 'Other',
  },
  filters: {
    month: 'Month',
    type: 'Type',
    allTypes: 'All types',
    allMonths: 'All months',
  },
  views: {
    label: 'View',
    month: 'Month',
    list: 'List',
  },
  month: {
    previous: 'Previous month',
    next: 'Next month',
    grid: 'The month of {{month}}',
    nothing: 'Nothing on this day',
    keyboardHint: 'Arrow keys move between days; Home and End go to the start and end of the week.',
  },
  head: {
    serial: '#',
    type: 'Schedule Type',
    topics: 'Schedule',
    date: 'Schedule Date',
    edit: 'Edit',
    delete: 'Delete',
  },
  range: '{{from}} to {{to}}',
  caption: 'Academic calendar',
  pages: 'Calendar pages',
  what: 'the calendar',
  loading: 'Loading the calendar…',
  empty: 'Nothing on the calendar for this choice.',
  chooseSchool: 'Choose a school first.',
  unsaved: 'Your calendar entry is not saved yet.',
  saving: 'Saving…',
  deleting: 'Deleting…',
  deleteQuestion: 'Are you sure to delete?',
  deleteWhat: '“{{topics}}” ({{date}}) will be removed from the calendar.',
  /** Shown on the teacher's attendance screen for a holiday date. */
  holidayNotice: '{{date}} is a holiday ({{name}}). Attendance cannot be taken on a holiday.',
  holidayOn: 'Holiday: {{name}}',
  /** Refusals `calendar.<name>` in the user's language (English is the server's own text). */
  errors: {
    duplicate_holiday: 'This holiday is already in the calendar.',
    duplicate_holiday_named: 'This holiday is already in the calendar: “{{topics}}” ({{dates}}).',
  },
  /** Success codes `calendar.<name>` in the user's language (English is the server's own text). */
  success: {
    created: 'Academic Calendar saved successfully',
    updated: 'Academic Calendar updated successfully',
    deleted: 'Academic Calendar deleted successfully',
  },
};
