/**
 * Bangla names of the classes and subjects of the national curriculum, the shifts, and the exam
 * types and fee heads schools commonly use (docs/i18n.md, "Bangla names"). Each of these rows has
 * its own stored Bangla name (migration 0033, `*_name_bn`, '' = none), set from these lists by the
 * migration's backfill, the demo seed and a new school's default exam types, and editable on the
 * setup screens. Texts the server writes in Bangla (the absence SMS, the Bangla grade sheet) use
 * the stored name, falling back to this list (`classNameBn` ...), then to the name as the school
 * wrote it. "1st Paper" / "2nd Paper" follow the subject ("Bangla 1st Paper" → "বাংলা ১ম পত্র").
 *
 * Migration 0033 copies these lists as they were then; a name added here later reaches existing
 * rows only through the fallback (or an admin typing it).
 */
const CLASSES: Record<string, string> = {
  play: 'প্লে',
  nursery: 'নার্সারি',
  kg: 'কেজি',
  'k.g': 'কেজি',
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

const SHIFTS: Record<string, string> = {
  morning: 'প্রভাতি',
  day: 'দিবা',
  evening: 'সান্ধ্য',
};

/** Exam type names: the new-school defaults (services/exams.ts DEFAULT_EXAM_TYPES) and common others. */
const EXAM_TYPES: Record<string, string> = {
  'monthly class test 1': 'মাসিক শ্রেণি পরীক্ষা ১',
  'monthly class test 2': 'মাসিক শ্রেণি পরীক্ষা ২',
  'monthly class test 3': 'মাসিক শ্রেণি পরীক্ষা ৩',
  'monthly class test 4': 'মাসিক শ্রেণি পরীক্ষা ৪',
  'class test': 'শ্রেণি পরীক্ষা',
  'half yearly (sub)': 'অর্ধবার্ষিক পরীক্ষা (সৃজনশীল)',
  'half yearly (mcq)': 'অর্ধবার্ষিক পরীক্ষা (বহুনির্বাচনি)',
  'half yearly': 'অর্ধবার্ষিক পরীক্ষা',
  'half-yearly': 'অর্ধবার্ষিক পরীক্ষা',
  'final (sub)': 'বার্ষিক পরীক্ষা (সৃজনশীল)',
  'final (mcq)': 'বার্ষিক পরীক্ষা (বহুনির্বাচনি)',
  final: 'বার্ষিক পরীক্ষা',
  annual: 'বার্ষিক পরীক্ষা',
  'annual exam': 'বার্ষিক পরীক্ষা',
  'final exam': 'বার্ষিক পরীক্ষা',
  'pre-test': 'প্রাক-নির্বাচনি পরীক্ষা',
  test: 'নির্বাচনি পরীক্ষা',
  'extra curricular': 'সহপাঠ্যক্রমিক কার্যক্রম',
};

/** Fee heads: the demo's (server/db/seed/fees.ts) and common others. */
const FEE_SECTORS: Record<string, string> = {
  'session fee': 'সেশন ফি',
  tuition: 'মাসিক বেতন',
  'tuition fee': 'মাসিক বেতন',
  'exam fee': 'পরীক্ষার ফি',
  sports: 'ক্রীড়া ফি',
  'sports fee': 'ক্রীড়া ফি',
  'admission fee': 'ভর্তি ফি',
  'registration fee': 'নিবন্ধন ফি',
  'library fee': 'গ্রন্থাগার ফি',
  'development fee': 'উন্নয়ন ফি',
  'transport fee': 'পরিবহন ফি',
};

/** The lists, for migration 0033's backfill and tests/server/bangla-names.test.ts. */
export const BANGLA_NAME_LISTS = {
  classes: CLASSES,
  subjects: SUBJECTS,
  shifts: SHIFTS,
  exam_types: EXAM_TYPES,
  fee_sectors: FEE_SECTORS,
} as const;

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

/** The listed Bangla name of a shared name, '' when not listed (what a new row stores). */
export function listedNameBn(kind: keyof typeof BANGLA_NAME_LISTS, name: string): string {
  if (kind === 'subjects') {
    const bn = subjectNameBn(name);
    return bn === name ? '' : bn;
  }
  return BANGLA_NAME_LISTS[kind][key(name)] ?? '';
}

/** A stored Bangla name, else the listed one (classes and subjects), else the English name. */
export function bnOr(kind: 'classes' | 'subjects', stored: string | null | undefined, name: string): string {
  if (stored?.trim()) return stored.trim();
  return kind === 'classes' ? classNameBn(name) : subjectNameBn(name);
}
