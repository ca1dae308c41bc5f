/**
 * Bangla names of the classes and subjects of the national curriculum, for texts a guardian reads
 * in Bangla (the absence SMS, server/services/attendance.ts `absenceText`). Schools type these
 * names in English (the spec's setup screens have one name field); an English name inside a
 * Bangla SMS also turns a one-part message into more. A name not listed here is kept as the school
 * wrote it. "1st Paper" / "2nd Paper" follow the subject ("Bangla 1st Paper" → "বাংলা ১ম পত্র").
 */
const CLASSES: Record<string, string> = {
  play: 'প্লে',
  nursery: 'নার্সারি',
  kg: 'কেজি',
  one: 'প্রথম',
  two: 'দ্বিতীয়',
  three: 'তৃতীয়',
  four: 'চতুর্থ',
  five: 'পঞ্চম',
  six: 'ষষ্ঠ',
  seven: 'সপ্তম',
  eight: 'অষ্টম',
  nine: 'নবম',
  ten: 'দশম',
  eleven: 'একাদশ',
  twelve: 'দ্বাদশ',
};

const SUBJECTS: Record<string, string> = {
  bangla: 'বাংলা',
  english: 'ইংরেজি',
  mathematics: 'গণিত',
  math: 'গণিত',
  'general mathematics': 'গণিত',
  'higher mathematics': 'উচ্চতর গণিত',
  science: 'বিজ্ঞান',
  'general science': 'বিজ্ঞান',
  physics: 'পদার্থবিজ্ঞান',
  chemistry: 'রসায়ন',
  biology: 'জীববিজ্ঞান',
  ict: 'আইসিটি',
  'information and communication technology': 'আইসিটি',
  religion: 'ধর্ম',
  'bangladesh and global studies': 'বাংলাদেশ ও বিশ্বপরিচয়',
  bgs: 'বাংলাদেশ ও বিশ্বপরিচয়',
  history: 'ইতিহাস',
  geography: 'ভূগোল',
  civics: 'পৌরনীতি',
  economics: 'অর্থনীতি',
  accounting: 'হিসাববিজ্ঞান',
  finance: 'ফিন্যান্স',
  'business entrepreneurship': 'ব্যবসায় উদ্যোগ',
  agriculture: 'কৃষিশিক্ষা',
  'physical education': 'শারীরিক শিক্ষা',
  'arts and crafts': 'চারু ও কারুকলা',
  'home science': 'গার্হস্থ্য বিজ্ঞান',
};

const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** "Six" → "ষষ্ঠ"; an unknown class as written. */
export function classNameBn(name: string): string {
  return CLASSES[key(name)] ?? name;
}

/** "Mathematics" → "গণিত", "English 2nd Paper" → "ইংরেজি ২য় পত্র"; an unknown subject as written. */
export function subjectNameBn(name: string): string {
  const paper = /^(.*?)\s*(1st|2nd)\s+paper$/i.exec(name.trim());
  if (paper) {
    const base = SUBJECTS[key(paper[1])];
    return base ? `${base} ${paper[2].toLowerCase() === '1st' ? '১ম' : '২য়'} পত্র` : name;
  }
  return SUBJECTS[key(name)] ?? name;
}
