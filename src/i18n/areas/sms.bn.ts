/** বাংলা: এসএমএস কেন্দ্র (docs/DOMAIN.md, "SMS centre")। */
import type { smsEn } from './sms.en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const smsBn: Shape<typeof smsEn> = {
  errors: {
    no_recipients: 'এই শিক্ষার্থীদের কোনো অভিভাবক এসএমএস পাবেন না।',
    bad_template: 'টেমপ্লেটে অজানা ঘর আছে: {name}, {class}, {date} বা {amount} ব্যবহার করুন।',
    bad_signature: 'ডেলিভারি রিপোর্ট যাচাই করা যায়নি। কিছুই বদলায়নি।',
    no_gateway: 'এই সার্ভার ডেলিভারি রিপোর্ট নেয় না।',
    no_limit: 'এই স্কুলের এসএমএস সীমা নেই: কেনার কিছু নেই।',
    schedule_in_past: 'পাঠানোর সময় পেরিয়ে গেছে।',
  },
  purposes: {
    absence: 'অনুপস্থিতি',
    chronic_absence: 'বারবার অনুপস্থিতি',
    result: 'ফলাফল',
    fee: 'ফি',
    calendar: 'ছুটি ও অনুষ্ঠান',
    general: 'স্কুলের বার্তা',
  },
  optOuts: 'যে এসএমএস চাই',
};
