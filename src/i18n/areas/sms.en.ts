/** English texts of the SMS centre (docs/DOMAIN.md, "SMS centre"): its refusals and a guardian's SMS choices. */
export const smsEn = {
  errors: {
    no_recipients: 'No guardian of these students can get an SMS.',
    bad_template: 'The template uses a field that does not exist: use {name}, {class}, {date} or {amount}.',
    bad_signature: 'The delivery report could not be verified. Nothing was changed.',
    no_gateway: 'This server takes no delivery reports.',
    no_limit: 'This school has no SMS limit: there is nothing to buy.',
    schedule_in_past: 'The time to send is past.',
  },
  purposes: {
    absence: 'Absence',
    chronic_absence: 'Repeated absence',
    result: 'Results',
    fee: 'Fees',
    calendar: 'Holidays and events',
    general: 'Messages from the school',
  },
  optOuts: 'SMS I want',
} as const;
