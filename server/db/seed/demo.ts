/**
 * The demo data: two secondary schools with admins, teachers, students, sections, periods, a full
 * weekly routine, notices and four weeks of attendance. Deterministic: every random choice comes
 * from a seeded PRNG, so every run on an empty database gives identical data (only serial ids and
 * created_at timestamps depend on the database). Runs only when no school exists yet.
 */
import { DateTime } from 'luxon';
import { clock } from '../../clock';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import {
  academicSessions,
  attendanceMarks,
  attendanceTakings,
  classes,
  districts,
  divisions,
  genders,
  noticeRecipients,
  notices,
  periods,
  routines,
  schoolAdmins,
  schools,
  schoolTypes,
  sections,
  shifts,
  studentGroups,
  students,
  subjects,
  teachers,
  enrolments,
  upazilas,
  users,
  viewerSchools,
  guardians,
  guardianStudents,
} from '../schema';
import { hashPassword, type ScryptParams } from '../../auth/passwords';
import { createRng, type Rng } from './random';
import { seedReference, SECONDARY_CLASS_NAMES, type GroupName } from './reference';
import * as N from './names';
import { isDemoHoliday, seedCalendar } from './calendar';
import { seedHomework } from './homework';
import { seedExams } from './exams';
import { seedResources } from './resources';
import { seedFees } from './fees';
import { seedEschool } from './eschool';

export const DEMO_PASSWORD = 'demo1234';
/** The demo guardian's phone, which is their user id: student1's father, with a sibling. */
export const DEMO_GUARDIAN_PHONE = '01710000016';
/** Cheap on purpose: see the note where the demo accounts are hashed. */
const SEED_HASH_PARAMS: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };
const PRNG_SEED = 0x5eed2026;
const TIME_ZONE = 'Asia/Dhaka';
const WEEKLY_OFF_DAYS = [6, 7]; // Friday, Saturday
const SCHOOL_DAY_IDS = [1, 2, 3, 4, 5]; // Sunday ... Thursday
const ATTENDANCE_DAYS = 20;
const BATCH_ROWS = 2000;
const MARK_BATCH_ROWS = 10_000;
const SECTION_NAMES = ['A', 'B'] as const;

/** user_type values. */
const UT = { student: 1, teacher: 2, guardian: 3, schoolAdmin: 4, superAdmin: 5, viewer: 6 } as const;

/** The Day shift: six 45-minute periods from 10:00 with a half-hour break after the third. */
const PERIOD_TIMES: [string, string, string][] = [
  ['1st', '10:00:00', '10:45:00'],
  ['2nd', '10:45:00', '11:30:00'],
  ['3rd', '11:30:00', '12:15:00'],
  ['4th', '12:45:00', '13:30:00'],
  ['5th', '13:30:00', '14:15:00'],
  ['6th', '14:15:00', '15:00:00'],
];

type Gender = 'Male' | 'Female';

interface TeacherDef {
  title: string;
  first: string;
  middle: string;
  last: string;
  gender: Gender;
  department: string;
  /** Subject codes this teacher takes, in order of preference; the first the class has is used. */
  subjects: string[];
}

interface SchoolDef {
  n: 1 | 2;
  eiin: string;
  schoolName: string;
  shortName: string;
  division: string;
  district: string;
  upazilla: string;
  street: string;
  phone: string;
  email: string;
  domain: string;
  admin: { first: string; last: string; adminCode: string };
  /** Index into teachers of the fixed 'teacherN' account. */
  demoTeacherIndex: number;
  areas: [string, string][];
  city: string;
  religion: [N.Religion, number][];
  teachers: TeacherDef[];
}

const t = (
  title: string,
  first: string,
  middle: string,
  last: string,
  gender: Gender,
  department: string,
  subjectCodes: string[],
): TeacherDef => ({ title, first, middle, last, gender, department, subjects: subjectCodes });

const SCHOOLS: SchoolDef[] = [
  {
    n: 1,
    eiin: '108234',
    schoolName: 'Dhanmondi Model High School',
    shortName: 'DMHS',
    division: 'Dhaka',
    district: 'Dhaka',
    upazilla: 'Dhanmondi',
    street: 'House 21, Road 4, Dhanmondi R/A, Dhaka-1205',
    phone: '01715402834',
    email: 'info@dmhs.edu.bd',
    domain: 'dmhs.edu.bd',
    admin: { first: 'Kamrul', last: 'Ahsan', adminCode: 'ADM-1001' },
    demoTeacherIndex: 2,
    areas: [
      ['Dhanmondi', '1205'],
      ['Kalabagan', '1205'],
      ['Jigatola', '1209'],
      ['Lalmatia', '1207'],
      ['Mohammadpur', '1207'],
      ['Rayer Bazar', '1209'],
      ['Hazaribagh', '1209'],
      ['Green Road', '1205'],
      ['Shankar', '1207'],
      ['Elephant Road', '1205'],
    ],
    city: 'Dhaka',
    religion: [
      ['muslim', 88],
      ['hindu', 10],
      ['buddhist', 2],
    ],
    teachers: [
      t('Mr.', 'Md. Abdul', '', 'Mannan', 'Male', 'Social Science', ['150']),
      t('Mrs.', 'Shahana', '', 'Parvin', 'Female', 'Mathematics', ['126', '109']),
      t('Mr.', 'Md. Rafiqul', '', 'Hasan', 'Male', 'Mathematics', ['109', '126']),
      t('Mrs.', 'Nasrin', '', 'Sultana', 'Female', 'Bangla', ['101']),
      t('Mr.', 'Kamal', 'Uddin', 'Ahmed', 'Male', 'English', ['107']),
      t('Mr.', 'Shyamal', 'Kumar', 'Das', 'Male', 'Science', ['136', '127']),
      t('Ms.', 'Farhana', '', 'Akter', 'Female', 'Science', ['137', '127']),
      t('Mr.', 'Md. Mizanur', '', 'Rahman', 'Male', 'Science', ['138', '134', '127']),
      t('Mrs.', 'Rokeya', '', 'Begum', 'Female', 'Bangla', ['101']),
      t('Mr.', 'Tanvir', '', 'Ahmed', 'Male', 'English', ['107']),
      t('Mr.', 'Md. Saiful', '', 'Islam', 'Male', 'ICT', ['154']),
      t('Mr.', 'Md. Abdur', '', 'Rahim', 'Male', 'Religion', ['111']),
      t('Ms.', 'Sharmin', '', 'Jahan', 'Female', 'Business Studies', ['146', '152', '143', '109']),
      t('Mr.', 'Md. Habibur', '', 'Rahman', 'Male', 'Social Science', ['153', '110', '140', '150']),
    ],
  },
  {
    n: 2,
    eiin: '104521',
    schoolName: 'Chattogram Collegiate Model School',
    shortName: 'CCMS',
    division: 'Chattogram',
    district: 'Chattogram',
    upazilla: 'Kotwali',
    street: '12 Jamal Khan Road, Kotwali, Chattogram-4000',
    phone: '01819336712',
    email: 'info@ccms.edu.bd',
    domain: 'ccms.edu.bd',
    admin: { first: 'Nasima', last: 'Akter', adminCode: 'ADM-2001' },
    demoTeacherIndex: 2,
    areas: [
      ['Jamal Khan', '4000'],
      ['Anderkilla', '4000'],
      ['Chawkbazar', '4203'],
      ['Patharghata', '4000'],
      ['Firingi Bazar', '4000'],
      ['Lalkhan Bazar', '4000'],
      ['Nandankanan', '4000'],
      ['Sadarghat', '4000'],
      ['Enayet Bazar', '4000'],
      ['Kazir Dewri', '4000'],
    ],
    city: 'Chattogram',
    religion: [
      ['muslim', 85],
      ['hindu', 9],
      ['buddhist', 6],
    ],
    teachers: [
      t('Mr.', 'Md. Nurul', '', 'Absar', 'Male', 'Social Science', ['150']),
      t('Mr.', 'Prodip', 'Kumar', 'Barua', 'Male', 'Mathematics', ['126', '109']),
      t('Mrs.', 'Tahmina', '', 'Akter', 'Female', 'Mathematics', ['109', '126']),
      t('Mr.', 'Md. Mahbubur', '', 'Rahman', 'Male', 'Bangla', ['101']),
      t('Ms.', 'Sabrina', '', 'Chowdhury', 'Female', 'English', ['107']),
      // Same initials as the Bangla teacher (MMR): gets a distinct one.
      t('Mr.', 'Md. Mostafizur', '', 'Rahman', 'Male', 'Science', ['136', '127']),
      t('Mrs.', 'Jharna', 'Rani', 'Dey', 'Female', 'Science', ['137', '127']),
      t('Mr.', 'Md. Jashim', '', 'Uddin', 'Male', 'Science', ['138', '134', '127']),
      t('Mrs.', 'Rehana', '', 'Parvin', 'Female', 'Bangla', ['101']),
      t('Mr.', 'Ashraful', '', 'Alam', 'Male', 'English', ['107']),
      t('Mr.', 'Sujan', '', 'Barua', 'Male', 'ICT', ['154']),
      t('Mr.', 'Md. Abu', '', 'Taher', 'Male', 'Religion', ['111']),
      t('Mrs.', 'Nusrat', '', 'Jahan', 'Female', 'Business Studies', ['146', '152', '143', '109']),
      t('Mr.', 'Md. Ershad', '', 'Hossain', 'Male', 'Social Science', ['153', '110', '140', '150']),
    ],
  },
];

const designationOf = (i: number) =>
  i === 0 ? 'Head Teacher' : i === 1 ? 'Assistant Head Teacher' : i <= 5 ? 'Senior Teacher' : 'Assistant Teacher';

const fullName = (...parts: string[]) => parts.filter(Boolean).join(' ');
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Teacher initials: the first letter of each word of the name (2-4 capitals), made unique within
 * the school by adding (or, at four letters, replacing the last letter with) a letter of the
 * last name, then any letter.
 */
export function makeInitial(name: string, taken: Set<string>): string {
  const words = name.replace(/\./g, ' ').split(/\s+/).filter(Boolean);
  let base = words
    .map((w) => w[0])
    .join('')
    .toUpperCase()
    .slice(0, 4);
  if (base.length < 2) base = (words[0] ?? 'XX').slice(0, 2).toUpperCase().padEnd(2, 'X');
  const extra = [...(words[words.length - 1] ?? '').slice(1).toUpperCase(), ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter(
    (c) => /[A-Z]/.test(c),
  );
  const candidates = [base, ...extra.map((c) => (base.length < 4 ? base + c : base.slice(0, 3) + c))];
  const found = candidates.find((c) => !taken.has(c));
  if (!found) throw new Error(`No free initial for ${name}`);
  taken.add(found);
  return found;
}

/** Distinct, random-looking 11-digit mobile numbers for user accounts (a bijection of a counter). */
function makeUserPhones() {
  let seq = 0;
  return () => {
    seq += 1;
    const operator = '3456789'[seq % 7];
    return `01${operator}${pad((seq * 4567891 + 23456789) % 100_000_000, 8)}`;
  };
}

const guardianPhone = (rng: Rng) =>
  `01${rng.weighted([
    ['7', 35],
    ['9', 20],
    ['8', 18],
    ['3', 12],
    ['6', 8],
    ['5', 5],
    ['4', 2],
  ] as const)}${rng.digits(8)}`;

// ------------------------------------------------------------------------ the plan (pure, seeded)

interface TeacherPlan {
  def: TeacherDef;
  index: number;
  code: string;
  userCode: string;
  initial: string;
  phone: string;
  email: string;
  dob: string;
  bloodGroup: string;
  mpo: boolean;
  indexNo: string;
}

interface StudentPlan {
  code: string;
  userCode: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  fatherName: string;
  motherName: string;
  fatherPhone: string;
  motherPhone: string;
  presentAddress: string;
  permanentAddress: string;
  division: string;
  dob: string;
  bloodGroup: string;
  phone: string;
  email: string;
  group: GroupName | null;
  roll: number;
  /** Chance of missing a whole school day. */
  absenceRate: number;
}

interface SectionPlan {
  index: number;
  className: (typeof SECONDARY_CLASS_NAMES)[number];
  classNo: number;
  name: string;
  room: string;
  groups: GroupName[];
  students: StudentPlan[];
}

interface SchoolPlan {
  def: SchoolDef;
  admin: { userCode: string; phone: string; email: string };
  teachers: TeacherPlan[];
  sections: SectionPlan[];
}

function planStudent(
  rng: Rng,
  def: SchoolDef,
  sessionYear: number,
  classNo: number,
  code: string,
  userCode: string,
  phone: string,
): Omit<StudentPlan, 'group' | 'roll'> {
  const religion = rng.weighted(def.religion);
  const gender: Gender = rng.chance(0.5) ? 'Male' : 'Female';
  let firstName: string;
  let familyName: string;
  let fatherFirst: string;
  let motherName: string;
  if (religion === 'muslim') {
    firstName = rng.pick(gender === 'Male' ? N.MUSLIM_BOY_NAMES : N.MUSLIM_GIRL_NAMES);
    familyName = rng.pick(N.MUSLIM_SURNAMES);
    fatherFirst = `Md. ${rng.pick(N.MUSLIM_FATHER_NAMES)}`;
    motherName = `${rng.pick(N.MUSLIM_MOTHER_NAMES)} ${rng.pick(N.MUSLIM_MOTHER_SURNAMES)}`;
  } else if (religion === 'hindu') {
    firstName = rng.pick(gender === 'Male' ? N.HINDU_BOY_NAMES : N.HINDU_GIRL_NAMES);
    familyName = rng.pick(N.HINDU_SURNAMES);
    fatherFirst = `${rng.pick(N.HINDU_FATHER_NAMES)} ${rng.pick(['Chandra', 'Kumar', 'Ranjan'])}`;
    motherName = `${rng.pick(N.HINDU_MOTHER_NAMES)} Rani ${familyName}`;
  } else {
    firstName = rng.pick(gender === 'Male' ? N.BUDDHIST_BOY_NAMES : N.BUDDHIST_GIRL_NAMES);
    familyName = rng.pick(N.BUDDHIST_SURNAMES);
    fatherFirst = rng.pick(N.BUDDHIST_FATHER_NAMES);
    motherName = `${rng.pick(N.BUDDHIST_MOTHER_NAMES)} ${familyName}`;
  }
  const lastName =
    religion === 'muslim' && gender === 'Female' && rng.chance(0.4) ? rng.pick(N.MUSLIM_GIRL_SURNAMES) : familyName;

  const [area, postCode] = rng.pick(def.areas);
  const presentAddress =
    def.n === 1
      ? `House ${rng.int(1, 120)}, Road ${rng.int(1, 32)}, ${area}, ${def.city}-${postCode}`
      : `House ${rng.int(1, 250)}, Lane ${rng.int(1, 15)}, ${area}, ${def.city}-${postCode}`;
  let permanentAddress = presentAddress;
  let division = def.division;
  if (rng.chance(0.55)) {
    const [upazila, district, div] = rng.weighted(
      N.HOME_PLACES.map((p) => [p, p[2] === def.division ? 3 : 1] as const),
    );
    permanentAddress = `Vill: ${rng.pick(N.VILLAGES)}, Upazila: ${upazila}, District: ${district}`;
    division = div;
  }

  // Class Six is mostly 11-12 years old during the session: born (session year - 12), a few a year earlier.
  const birthYear = sessionYear - classNo - 6 - (rng.chance(0.15) ? 1 : 0);
  const dob = `${birthYear}-${pad(rng.int(1, 12), 2)}-${pad(rng.int(1, 28), 2)}`;
  // Most children miss few days; about one in twenty is chronically absent.
  const absenceRate = rng.chance(0.05) ? 0.25 + rng.next() * 0.15 : 0.015 + rng.next() * 0.08;

  return {
    code,
    userCode,
    firstName,
    lastName,
    gender,
    fatherName: `${fatherFirst} ${familyName}`,
    motherName,
    fatherPhone: guardianPhone(rng),
    motherPhone: guardianPhone(rng),
    presentAddress,
    permanentAddress,
    division,
    dob,
    bloodGroup: rng.weighted(N.BLOOD_GROUPS),
    phone,
    email: `${code.toLowerCase()}@students.${def.domain}`,
    absenceRate,
  };
}

function planSchool(rng: Rng, def: SchoolDef, sessionYear: number, nextPhone: () => string): SchoolPlan {
  const initials = new Set<string>();
  const emails = new Set<string>();
  const teacherPlans = def.teachers.map((td, index): TeacherPlan => {
    const code = `T-${def.n}-${pad(index + 1, 3)}`;
    const nameKey = `${td.first.replace(/^Md\.\s*/, '').split(' ')[0]}.${td.last}`.toLowerCase();
    let email = `${nameKey}@${def.domain}`;
    for (let k = 2; emails.has(email); k++) email = `${nameKey}${k}@${def.domain}`;
    emails.add(email);
    return {
      def: td,
      index,
      code,
      userCode: index === def.demoTeacherIndex ? `teacher${def.n}` : code,
      initial: makeInitial(fullName(td.first, td.middle, td.last), initials),
      phone: nextPhone(),
      email,
      dob: `${sessionYear - rng.int(28, 57)}-${pad(rng.int(1, 12), 2)}-${pad(rng.int(1, 28), 2)}`,
      bloodGroup: rng.weighted(N.BLOOD_GROUPS),
      mpo: index < 12,
      indexNo: index < 12 ? rng.digits(7) : '',
    };
  });

  let studentSeq = 0;
  const sectionPlans: SectionPlan[] = [];
  SECONDARY_CLASS_NAMES.forEach((className, c) => {
    const classNo = c + 6;
    SECTION_NAMES.forEach((name, k) => {
      const index = sectionPlans.length;
      const size = rng.int(28, 32);
      const senior = classNo >= 9;
      const groups: GroupName[] = !senior ? [] : k === 0 ? ['Science'] : ['Humanities', 'Business Studies'];
      const list: StudentPlan[] = [];
      for (let roll = 1; roll <= size; roll++) {
        studentSeq += 1;
        const code = `S-${def.n}-${pad(studentSeq, 4)}`;
        const userCode = studentSeq === 1 ? `student${def.n}` : code;
        const group: GroupName | null = !senior
          ? null
          : k === 0
            ? 'Science'
            : roll <= size / 2
              ? 'Humanities'
              : 'Business Studies';
        list.push({ ...planStudent(rng, def, sessionYear, classNo, code, userCode, nextPhone()), group, roll });
      }
      sectionPlans.push({ index, className, classNo, name, room: String(201 + index), groups, students: list });
    });
  });

  return {
    def,
    admin: {
      userCode: `admin${def.n}`,
      phone: nextPhone(),
      email: `${def.admin.first}.${def.admin.last}@${def.domain}`.toLowerCase(),
    },
    teachers: teacherPlans,
    sections: sectionPlans,
  };
}

/**
 * The weekly routine of one school: teacher (s + p + 6d) mod 14 takes section s in period p on
 * school day d. For a fixed day and period the ten sections get ten different teachers (so nobody
 * is double-booked); over the week every teacher meets every section two or three times and
 * teaches on every school day. The subject is the teacher's first subject the section can take,
 * alternating between them on repeat meetings.
 */
function planRoutine(
  plan: SchoolPlan,
  subjectsOfClass: Map<string, { code: string; group: string | null }[]>,
): { section: SectionPlan; dayId: number; period: number; teacher: TeacherPlan; subjectCode: string; room: string }[] {
  const n = plan.teachers.length;
  const meetings = new Map<string, number>();
  const out = [];
  for (const [d, dayId] of SCHOOL_DAY_IDS.entries()) {
    for (let p = 0; p < PERIOD_TIMES.length; p++) {
      for (const section of plan.sections) {
        const teacher = plan.teachers[(section.index + p + PERIOD_TIMES.length * d) % n];
        const offered = subjectsOfClass.get(section.className) ?? [];
        const available = teacher.def.subjects.filter((code) =>
          offered.some((s) => s.code === code && (s.group === null || (section.groups as string[]).includes(s.group))),
        );
        if (available.length === 0) throw new Error(`No subject for ${teacher.code} in ${section.className}`);
        const key = `${section.index}|${teacher.index}`;
        const k = meetings.get(key) ?? 0;
        meetings.set(key, k + 1);
        const subjectCode = available[k % available.length];
        const lab = { '136': 'Physics Lab', '137': 'Chemistry Lab', '138': 'Biology Lab', '154': 'ICT Lab' }[
          subjectCode
        ];
        out.push({ section, dayId, period: p, teacher, subjectCode, room: lab ?? section.room });
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------------ helpers

function chunk<T>(rows: T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const dayIdOf = (d: DateTime) => (d.weekday % 7) + 1;

function addMinutes(time: string, minutes: number): string {
  return DateTime.fromISO(`2000-01-01T${time}`, { zone: 'UTC' }).plus({ minutes }).toFormat('HH:mm:ss');
}

/** The next date strictly after `from` that falls on the given day id. */
function nextDay(from: DateTime, dayId: number): DateTime {
  let d = from.plus({ days: 1 });
  while (dayIdOf(d) !== dayId) d = d.plus({ days: 1 });
  return d;
}

const longDate = (d: DateTime) => d.toFormat('cccc, d LLLL yyyy');

// ------------------------------------------------------------------------ entry point

export interface SeedDemoResult {
  seeded: boolean;
  counts?: Record<string, number>;
}

export async function seedDemo(db: Db, opts: { today?: string } = {}): Promise<SeedDemoResult> {
  await seedReference(db);
  const existing = await db.select({ id: schools.id }).from(schools).limit(1);
  if (existing.length > 0) return { seeded: false };

  const today = DateTime.fromISO(opts.today ?? DateTime.fromMillis(clock.now()).setZone(TIME_ZONE).toISODate()!, {
    zone: TIME_ZONE,
  });
  if (!today.isValid) throw new Error(`Invalid date for the demo seed: ${opts.today}`);

  return db.transaction(async (tx) => {
    // Someone may have seeded between the check above and this transaction.
    const again = await tx.select({ id: schools.id }).from(schools).limit(1);
    if (again.length > 0) return { seeded: false };
    const counts = await insertDemo(tx, today.startOf('day'));
    return { seeded: true, counts };
  });
}

async function insertDemo(tx: Tx, today: DateTime): Promise<Record<string, number>> {
  const rng = createRng(PRNG_SEED);
  const sessionYear = today.year;
  const counts: Record<string, number> = {};

  // ---- reference ids
  await tx
    .insert(academicSessions)
    .values({ sessionYear: String(sessionYear) })
    .onConflictDoNothing();
  const [session] = await tx
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.sessionYear, String(sessionYear)));
  const [dayShift] = await tx.select({ id: shifts.id }).from(shifts).where(eq(shifts.name, 'Day'));
  const [secondary] = await tx.select({ id: schoolTypes.id }).from(schoolTypes).where(eq(schoolTypes.code, 'SEC'));
  const genderId = new Map((await tx.select().from(genders)).map((g) => [g.name, g.id]));
  const divisionId = new Map((await tx.select().from(divisions)).map((d) => [d.name, d.id]));
  const districtId = new Map((await tx.select().from(districts)).map((d) => [`${d.divisionId}/${d.name}`, d.id]));
  // The demo schools are in city thanas (Dhanmondi, Kotwali), listed with the upazilas (bd-geo.ts).
  const upazilaId = new Map((await tx.select().from(upazilas)).map((u) => [`${u.districtId}/${u.name}`, u.id]));
  const groupRows = await tx.select().from(studentGroups);
  const groupId = new Map(groupRows.map((g) => [g.name, g.id]));
  const groupName = new Map(groupRows.map((g) => [g.id, g.name]));
  const classRows = await tx
    .select({ id: classes.id, className: classes.className })
    .from(classes)
    .where(eq(classes.schoolTypeId, secondary.id));
  const classId = new Map(classRows.map((c) => [c.className, c.id]));
  const subjectRows = await tx
    .select({ id: subjects.id, classId: subjects.classId, code: subjects.subjectCode, groupId: subjects.groupId })
    .from(subjects);
  const subjectId = new Map(subjectRows.map((s) => [`${s.classId}|${s.code}`, s.id]));
  const subjectsOfClass = new Map(
    classRows.map((c) => [
      c.className,
      subjectRows
        .filter((s) => s.classId === c.id)
        .map((s) => ({ code: s.code, group: s.groupId === null ? null : groupName.get(s.groupId)! })),
    ]),
  );

  // ---- the plan
  const nextPhone = makeUserPhones();
  const superAdmin = { userCode: 'superadmin', phone: nextPhone() };
  const viewer = { userCode: 'viewer1', phone: nextPhone() };
  const plans = SCHOOLS.map((def) => planSchool(rng, def, sessionYear, nextPhone));

  // ---- schools
  const schoolRows = await tx
    .insert(schools)
    .values(
      plans.map(({ def, teachers: ts }) => {
        const head = ts[0];
        const district = districtId.get(`${divisionId.get(def.division)}/${def.district}`) ?? null;
        return {
          eiin: def.eiin,
          schoolName: def.schoolName,
          shortName: def.shortName,
          schoolTypeId: secondary.id,
          divisionId: divisionId.get(def.division)!,
          districtId: district,
          upazilaId: upazilaId.get(`${district}/${def.upazilla}`) ?? null,
          district: def.district,
          upazilla: def.upazilla,
          street: def.street,
          phone: def.phone,
          email: def.email,
          headName: fullName(head.def.first, head.def.middle, head.def.last),
          headPhone: head.phone,
          headEmail: head.email,
          timeZone: TIME_ZONE,
          weeklyOffDays: WEEKLY_OFF_DAYS,
        };
      }),
    )
    .returning({ id: schools.id, eiin: schools.eiin });
  const schoolIdOf = (plan: SchoolPlan) => schoolRows.find((r) => r.eiin === plan.def.eiin)!.id;
  counts.schools = schoolRows.length;

  // ---- users
  type NewUser = typeof users.$inferInsert;
  const userRows: NewUser[] = [
    {
      userCode: superAdmin.userCode,
      userType: UT.superAdmin,
      email: 'superadmin@pathshala.app',
      phone: superAdmin.phone,
      passwordHash: '',
      schoolId: null,
      firstName: 'Super',
      lastName: 'Admin',
    },
    {
      userCode: viewer.userCode,
      userType: UT.viewer,
      email: 'viewer1@pathshala.app',
      phone: viewer.phone,
      passwordHash: '',
      schoolId: null,
      firstName: 'Farhana',
      lastName: 'Yasmin',
    },
  ];
  for (const plan of plans) {
    const schoolId = schoolIdOf(plan);
    userRows.push({
      userCode: plan.admin.userCode,
      userType: UT.schoolAdmin,
      email: plan.admin.email,
      phone: plan.admin.phone,
      passwordHash: '',
      schoolId,
      firstName: plan.def.admin.first,
      lastName: plan.def.admin.last,
    });
    for (const tp of plan.teachers) {
      userRows.push({
        userCode: tp.userCode,
        userType: UT.teacher,
        email: tp.email,
        phone: tp.phone,
        passwordHash: '',
        schoolId,
        firstName: fullName(tp.def.first, tp.def.middle),
        lastName: tp.def.last,
      });
    }
    for (const section of plan.sections) {
      for (const sp of section.students) {
        userRows.push({
          userCode: sp.userCode,
          userType: UT.student,
          email: sp.email,
          phone: sp.phone,
          passwordHash: '',
          schoolId,
          firstName: sp.firstName,
          lastName: sp.lastName,
        });
      }
    }
  }
  // Every account gets its own salt. A strong hash (N=2^17, half a second each) for 600+ accounts
  // would make seeding take minutes, so the seed stores a cheap one (N=2^10) of the public demo
  // password; the first successful sign-in of each account replaces it with a strong hash
  // (services/account.ts, needsRehash). Hashing runs on the thread pool, several at a time.
  await Promise.all(
    userRows.map(async (u) => {
      u.passwordHash = await hashPassword(DEMO_PASSWORD, SEED_HASH_PARAMS);
    }),
  );
  const userId = new Map<string, number>();
  for (const part of chunk(userRows)) {
    const rows = await tx.insert(users).values(part).returning({ id: users.id, userCode: users.userCode });
    for (const r of rows) userId.set(r.userCode, r.id);
  }
  counts.users = userRows.length;

  await tx
    .insert(viewerSchools)
    .values(schoolRows.map((s) => ({ userId: userId.get(viewer.userCode)!, schoolId: s.id })));
  await tx.insert(schoolAdmins).values(
    plans.map((plan) => ({
      userId: userId.get(plan.admin.userCode)!,
      schoolId: schoolIdOf(plan),
      adminCode: plan.def.admin.adminCode,
    })),
  );

  // ---- teachers and students
  const teacherRows = await tx
    .insert(teachers)
    .values(
      plans.flatMap((plan) =>
        plan.teachers.map((tp) => ({
          userId: userId.get(tp.userCode)!,
          schoolId: schoolIdOf(plan),
          teacherCode: tp.code,
          title: tp.def.title,
          firstName: tp.def.first,
          middleName: tp.def.middle,
          lastName: tp.def.last,
          initial: tp.initial,
          mobile: tp.phone,
          email: tp.email,
          designation: designationOf(tp.index),
          department: tp.def.department,
          mpoStatus: tp.mpo ? 'MPO' : 'Non-MPO',
          indexNo: tp.indexNo,
          bloodGroup: tp.bloodGroup,
          dob: tp.dob,
          subjectCode: tp.def.subjects[0],
        })),
      ),
    )
    .returning({ id: teachers.id, schoolId: teachers.schoolId, code: teachers.teacherCode });
  const teacherId = new Map(teacherRows.map((r) => [`${r.schoolId}|${r.code}`, r.id]));
  counts.teachers = teacherRows.length;

  const studentValues = plans.flatMap((plan) =>
    plan.sections.flatMap((section) =>
      section.students.map((sp) => ({
        userId: userId.get(sp.userCode)!,
        schoolId: schoolIdOf(plan),
        studentCode: sp.code,
        firstName: sp.firstName,
        lastName: sp.lastName,
        mobileNo: sp.phone,
        email: sp.email,
        genderId: genderId.get(sp.gender)!,
        divisionId: divisionId.get(sp.division)!,
        presentAddress: sp.presentAddress,
        permanentAddress: sp.permanentAddress,
        fatherName: sp.fatherName,
        fatherPhoneNumber: sp.fatherPhone,
        motherName: sp.motherName,
        motherPhoneNumber: sp.motherPhone,
        dob: sp.dob,
        bloodGroup: sp.bloodGroup,
      })),
    ),
  );
  const studentId = new Map<string, number>();
  for (const part of chunk(studentValues)) {
    const rows = await tx
      .insert(students)
      .values(part)
      .returning({ id: students.id, schoolId: students.schoolId, code: students.studentCode });
    for (const r of rows) studentId.set(`${r.schoolId}|${r.code}`, r.id);
  }
  counts.students = studentValues.length;

  // ---- a guardian: student1's parent, with a sibling in another section of school 1.
  // Their user id is the phone; the seed sets it after the random draws, so nothing else moves.
  {
    const plan = plans[0];
    const [first, sibling] = [plan.sections[0].students[0], plan.sections[1].students[0]];
    const [guardianUser] = await tx
      .insert(users)
      .values({
        userCode: DEMO_GUARDIAN_PHONE,
        userType: UT.guardian,
        email: 'guardian1@pathshala.app',
        passwordHash: await hashPassword(DEMO_PASSWORD, SEED_HASH_PARAMS),
        schoolId: null,
        firstName: first.fatherName.split(' ').slice(0, -1).join(' ') || first.fatherName,
        lastName: first.fatherName.split(' ').slice(-1)[0] ?? '',
      })
      .returning({ id: users.id });
    const [guardian] = await tx
      .insert(guardians)
      .values({
        userId: guardianUser.id,
        name: first.fatherName,
        phone: DEMO_GUARDIAN_PHONE,
        email: 'guardian1@pathshala.app',
      })
      .returning({ id: guardians.id });
    const schoolId = schoolIdOf(plan);
    const children = [first, sibling].map((sp) => studentId.get(`${schoolId}|${sp.code}`)!);
    await tx
      .insert(guardianStudents)
      .values(children.map((id) => ({ guardianId: guardian.id, studentId: id, schoolId, relation: 'father' })));
    await tx
      .update(students)
      .set({ fatherName: first.fatherName, fatherPhoneNumber: DEMO_GUARDIAN_PHONE })
      .where(inArray(students.id, children));
    counts.guardians = 1;
  }

  // ---- sections and periods
  const sectionRows = await tx
    .insert(sections)
    .values(
      plans.flatMap((plan) =>
        plan.sections.map((sp) => ({
          schoolId: schoolIdOf(plan),
          classId: classId.get(sp.className)!,
          shiftId: dayShift.id,
          sectionDefaultName: sp.name,
        })),
      ),
    )
    .returning({
      id: sections.id,
      schoolId: sections.schoolId,
      classId: sections.classId,
      name: sections.sectionDefaultName,
    });
  const sectionIdOf = (plan: SchoolPlan, sp: SectionPlan) =>
    sectionRows.find(
      (r) => r.schoolId === schoolIdOf(plan) && r.classId === classId.get(sp.className) && r.name === sp.name,
    )!.id;
  counts.sections = sectionRows.length;

  const periodRows = await tx
    .insert(periods)
    .values(
      plans.flatMap((plan) =>
        PERIOD_TIMES.map(([periodCode, startTime, endTime], i) => ({
          schoolId: schoolIdOf(plan),
          shiftId: dayShift.id,
          periodCode,
          serial: i + 1,
          startTime,
          endTime,
        })),
      ),
    )
    .returning({ id: periods.id, schoolId: periods.schoolId, serial: periods.serial });
  const periodIdOf = (schoolId: number, p: number) =>
    periodRows.find((r) => r.schoolId === schoolId && r.serial === p + 1)!.id;

  // ---- enrolments
  const enrolmentValues = plans.flatMap((plan) =>
    plan.sections.flatMap((sp) =>
      sp.students.map((st) => ({
        schoolId: schoolIdOf(plan),
        studentId: studentId.get(`${schoolIdOf(plan)}|${st.code}`)!,
        sessionId: session.id,
        shiftId: dayShift.id,
        classId: classId.get(sp.className)!,
        sectionId: sectionIdOf(plan, sp),
        groupId: st.group ? groupId.get(st.group)! : null,
        classRollNo: st.roll,
      })),
    ),
  );
  const enrolmentByStudent = new Map<number, number>();
  for (const part of chunk(enrolmentValues)) {
    const rows = await tx
      .insert(enrolments)
      .values(part)
      .returning({ id: enrolments.id, studentId: enrolments.studentId });
    for (const r of rows) enrolmentByStudent.set(r.studentId, r.id);
  }
  const enrolmentIdOf = (plan: SchoolPlan, st: StudentPlan) =>
    enrolmentByStudent.get(studentId.get(`${schoolIdOf(plan)}|${st.code}`)!)!;
  counts.enrolments = enrolmentValues.length;

  // ---- routines
  const routinePlans = plans.map((plan) => ({ plan, entries: planRoutine(plan, subjectsOfClass) }));
  const routineValues = routinePlans.flatMap(({ plan, entries }) => {
    const schoolId = schoolIdOf(plan);
    return entries.map((e) => ({
      schoolId,
      sessionId: session.id,
      shiftId: dayShift.id,
      classId: classId.get(e.section.className)!,
      sectionId: sectionIdOf(plan, e.section),
      dayId: e.dayId,
      periodId: periodIdOf(schoolId, e.period),
      subjectId: subjectId.get(`${classId.get(e.section.className)!}|${e.subjectCode}`)!,
      teacherId: teacherId.get(`${schoolId}|${e.teacher.code}`)!,
      room: e.room,
    }));
  });
  const routineId = new Map<string, number>();
  for (const part of chunk(routineValues)) {
    const rows = await tx.insert(routines).values(part).returning({
      id: routines.id,
      sectionId: routines.sectionId,
      dayId: routines.dayId,
      periodId: routines.periodId,
    });
    for (const r of rows) routineId.set(`${r.sectionId}|${r.dayId}|${r.periodId}`, r.id);
  }
  counts.routines = routineValues.length;
  Object.assign(counts, await seedHomework(tx, today));

  // ---- notices
  const iso = (d: DateTime) => d.toISODate()!;
  for (const plan of plans) {
    const schoolId = schoolIdOf(plan);
    const adminUser = userId.get(plan.admin.userCode)!;
    const teacher = plan.teachers[plan.def.demoTeacherIndex];
    const teacherUser = userId.get(teacher.userCode)!;
    const six = plan.sections[0]; // Class Six, section A: the demo student's section
    const sixClassId = classId.get(six.className)!;
    const sixSectionId = sectionIdOf(plan, six);
    const meeting = nextDay(today.plus({ days: 4 }), 5);
    const sports = nextDay(today.plus({ days: 9 }), 3);
    const classTest = nextDay(today, 1);
    const base = { schoolId, sessionId: session.id };
    const rows = await tx
      .insert(notices)
      .values([
        {
          ...base,
          creatorUserId: adminUser,
          type: 2,
          classId: null,
          sectionId: null,
          headline: `Tuition fees for ${today.toFormat('LLLL yyyy')}`,
          description:
            `Guardians are requested to pay the tuition fee for ${today.toFormat('LLLL yyyy')} by the 15th ` +
            'at the school office (Sunday to Thursday, 9:00-13:00) or by bKash/Nagad to the school account. ' +
            'A late fee applies after the last date.',
          publishingDate: iso(today.minus({ days: 12 })),
        },
        {
          ...base,
          creatorUserId: adminUser,
          type: 2,
          classId: null,
          sectionId: null,
          headline: 'Parent-teacher meeting',
          description:
            `A parent-teacher meeting for all classes will be held on ${longDate(meeting)} from 10:00 in the ` +
            'school auditorium. Class teachers will discuss the half-yearly results. Guardians are requested to attend.',
          publishingDate: iso(today.minus({ days: 6 })),
        },
        {
          ...base,
          creatorUserId: adminUser,
          type: 2,
          classId: null,
          sectionId: null,
          headline: 'Annual sports competition',
          description:
            `The annual sports competition will be held on ${longDate(sports)} on the school playground. ` +
            'Students who wish to take part must give their names to the physical education teacher this week.',
          publishingDate: iso(today.minus({ days: 2 })),
        },
        {
          ...base,
          creatorUserId: teacherUser,
          type: 1,
          classId: sixClassId,
          sectionId: sixSectionId,
          headline: 'Mathematics class test',
          description:
            `There will be a class test on chapters 3 and 4 (fractions and ratio) on ${longDate(classTest)} ` +
            'in the mathematics period. Full marks 20, time 40 minutes.',
          publishingDate: iso(today.minus({ days: 9 })),
        },
        {
          ...base,
          creatorUserId: teacherUser,
          type: 1,
          classId: sixClassId,
          sectionId: null,
          headline: 'Bring your geometry box',
          description:
            'From next week all Class Six students must bring a geometry box (compass, protractor and set squares) to every mathematics class.',
          publishingDate: iso(today.minus({ days: 5 })),
        },
        {
          ...base,
          creatorUserId: teacherUser,
          type: 1,
          classId: sixClassId,
          sectionId: sixSectionId,
          headline: 'Extra mathematics class',
          description:
            'The students to whom this notice is sent will attend an extra mathematics class after the 6th period ' +
            'on Tuesday and Wednesday. Please inform your guardians.',
          publishingDate: iso(today.minus({ days: 3 })),
        },
      ])
      .returning({ id: notices.id, headline: notices.headline });
    const targeted = rows.find((r) => r.headline === 'Extra mathematics class')!;
    const chosen = [six.students[0], ...rng.shuffle(six.students.slice(1)).slice(0, 4)];
    await tx
      .insert(noticeRecipients)
      .values(
        chosen.map((st) => ({ noticeId: targeted.id, studentId: studentId.get(`${schoolId}|${st.code}`)!, schoolId })),
      );
    counts.notices = (counts.notices ?? 0) + rows.length;
  }

  counts.calendarEntries = await seedCalendar(tx, {
    schoolIds: schoolRows.map((r) => r.id),
    sessionId: session.id,
    year: sessionYear,
  });

  // ---- attendance: the last school days before today (today is left for the teachers to take)
  const sessionStart = DateTime.fromObject({ year: sessionYear, month: 1, day: 1 }, { zone: TIME_ZONE });
  const dates: DateTime[] = [];
  for (
    let d = today.minus({ days: 1 });
    dates.length < ATTENDANCE_DAYS && d >= sessionStart;
    d = d.minus({ days: 1 })
  ) {
    if (!WEEKLY_OFF_DAYS.includes(dayIdOf(d)) && !isDemoHoliday(d.toISODate()!)) dates.unshift(d);
  }
  let takingCount = 0;
  let markCount = 0;
  for (const { plan, entries } of routinePlans) {
    const schoolId = schoolIdOf(plan);
    const takings: (typeof attendanceTakings.$inferInsert)[] = [];
    const markPlans: { key: string; enrolmentId: number; status: number }[] = [];
    for (const date of dates) {
      const dayId = dayIdOf(date);
      const isoDate = iso(date);
      const absentToday = new Map<StudentPlan, boolean>();
      for (const section of plan.sections) {
        for (const st of section.students) absentToday.set(st, rng.chance(st.absenceRate));
      }
      for (const e of entries) {
        if (e.dayId !== dayId) continue;
        const sectionId = sectionIdOf(plan, e.section);
        const rid = routineId.get(`${sectionId}|${dayId}|${periodIdOf(schoolId, e.period)}`)!;
        takings.push({
          schoolId,
          routineId: rid,
          date: isoDate,
          takenTime: addMinutes(PERIOD_TIMES[e.period][1], rng.int(3, 12)),
          takenByUserId: userId.get(e.teacher.userCode)!,
        });
        const key = `${rid}|${isoDate}`;
        for (const st of e.section.students) {
          // A student absent for the day misses every period; a few skip or miss a single period.
          const present = !absentToday.get(st) && !rng.chance(0.01);
          markPlans.push({ key, enrolmentId: enrolmentIdOf(plan, st), status: present ? 1 : 0 });
        }
      }
    }
    const takingId = new Map<string, number>();
    for (const part of chunk(takings)) {
      const rows = await tx
        .insert(attendanceTakings)
        .values(part)
        .returning({ id: attendanceTakings.id, routineId: attendanceTakings.routineId, date: attendanceTakings.date });
      for (const r of rows) takingId.set(`${r.routineId}|${r.date}`, r.id);
    }
    // Marks are the bulk of the seed (~36k rows a school): sent as three arrays per statement and
    // expanded with unnest: one parameter list per column instead of three parameters a row.
    for (const part of chunk(markPlans, MARK_BATCH_ROWS)) {
      const takingIds = part.map((m) => takingId.get(m.key)!);
      const enrolmentIds = part.map((m) => m.enrolmentId);
      const statuses = part.map((m) => m.status);
      // The mark repeats its taking's routine and date (the foreign key checks they agree); the
      // database's triggers fill the section-day summaries from these rows.
      await tx.execute(sql`
        insert into ${attendanceMarks} (school_id, taking_id, routine_id, date, enrolment_id, status)
        select ${schoolId}::int, u.taking_id, t.routine_id, t.date, u.enrolment_id, u.status
        from unnest(${sql.param(takingIds)}::int[], ${sql.param(enrolmentIds)}::int[], ${sql.param(statuses)}::smallint[])
          as u(taking_id, enrolment_id, status)
        join ${attendanceTakings} t on t.id = u.taking_id`);
    }
    takingCount += takings.length;
    markCount += markPlans.length;
  }
  counts.attendanceDays = dates.length;
  counts.attendanceTakings = takingCount;
  counts.attendanceMarks = markCount;
  Object.assign(counts, await seedExams(tx, today));
  Object.assign(
    counts,
    await seedResources(
      tx,
      today,
      plans.map(schoolIdOf),
      new Map(plans.map((plan) => [schoolIdOf(plan), userId.get(plan.admin.userCode)!])),
    ),
  );
  Object.assign(counts, await seedFees(tx, today));
  Object.assign(counts, await seedEschool(tx, today));
  return counts;
}
