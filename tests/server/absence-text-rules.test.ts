/**
 * The absence SMS's words and what they cost (literal oracles): in Bangla a part is 70 UCS-2
 * characters alone, 67 each when split, so the Bangla text names the class and subject in Bangla,
 * the day without the year and the school's short name, and stays within two parts.
 */
import { absenceText } from '@server/services/attendance';
import { smsParts } from '@server/services/messaging';

const ARIF = {
  studentName: 'Arif Hossain',
  className: 'Six',
  sectionName: 'A',
  roll: 12,
  periodCode: 'P1',
  subjectName: 'Mathematics',
  date: '2026-12-03',
  schoolShortName: 'DMHS',
};

describe('the absence SMS', () => {
  it('in Bangla: Bangla class and subject, the short school name, two parts', () => {
    const text = absenceText(ARIF, 'bn');
    expect(text).toBe('অভিভাবক, Arif Hossain (ষষ্ঠ A, রোল ১২) ৩ ডিসেম্বর P১ পিরিয়ডে গণিত ক্লাসে অনুপস্থিত ছিল। -DMHS');
    expect(smsParts(text)).toEqual({ encoding: 'ucs2', length: 94, parts: 2 });
  });

  it('a period named with an English ordinal is said the Bangla way', () => {
    expect(absenceText({ ...ARIF, periodCode: '4th' }, 'bn')).toBe(
      'অভিভাবক, Arif Hossain (ষষ্ঠ A, রোল ১২) ৩ ডিসেম্বর ৪র্থ পিরিয়ডে গণিত ক্লাসে অনুপস্থিত ছিল। -DMHS',
    );
  });

  it('a long name and the longest subject of the curriculum still go in two parts', () => {
    const text = absenceText(
      {
        ...ARIF,
        studentName: 'Mohammad Abdullah Al Mamun Khan',
        className: 'Nine',
        sectionName: 'B',
        roll: 35,
        periodCode: 'P10',
        subjectName: 'Bangladesh and Global Studies',
        date: '2026-12-28',
      },
      'bn',
    );
    expect(text).toBe(
      'অভিভাবক, Mohammad Abdullah Al Mamun Khan (নবম B, রোল ৩৫) ২৮ ডিসেম্বর P১০ পিরিয়ডে বাংলাদেশ ও বিশ্বপরিচয় ক্লাসে অনুপস্থিত ছিল। -DMHS',
    );
    expect(smsParts(text)).toEqual({ encoding: 'ucs2', length: 132, parts: 2 });
  });

  it('a paper of a subject, and a name the list does not know, as the school wrote it', () => {
    expect(absenceText({ ...ARIF, subjectName: 'English 2nd Paper', className: 'Ten' }, 'bn')).toBe(
      'অভিভাবক, Arif Hossain (দশম A, রোল ১২) ৩ ডিসেম্বর P১ পিরিয়ডে ইংরেজি ২য় পত্র ক্লাসে অনুপস্থিত ছিল। -DMHS',
    );
    expect(absenceText({ ...ARIF, subjectName: 'Robotics', className: 'Grade 6' }, 'bn')).toBe(
      'অভিভাবক, Arif Hossain (Grade 6 A, রোল ১২) ৩ ডিসেম্বর P১ পিরিয়ডে Robotics ক্লাসে অনুপস্থিত ছিল। -DMHS',
    );
  });

  it('in English: GSM-7, one part', () => {
    const text = absenceText(ARIF, 'en');
    expect(text).toBe(
      'Dear guardian, Arif Hossain (Class Six, Section A, Roll 12) was absent in the P1 period (Mathematics) on 03-12-2026. - DMHS',
    );
    expect(smsParts(text)).toEqual({ encoding: 'gsm7', length: 123, parts: 1 });
  });
});
