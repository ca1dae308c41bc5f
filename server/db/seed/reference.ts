/**
 * Shared reference data: days, shifts, sessions, genders, divisions, student groups, school types,
 * classes and the secondary subjects. Idempotent (every insert is ON CONFLICT DO NOTHING on the
 * tables' unique keys), so it is safe to run at every server start.
 */
import { eq, sql } from 'drizzle-orm';
import { BD_GEO } from './bd-geo';
import { listedNameBn } from '../../services/bangla-names';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import {
  academicSessions,
  classes,
  days,
  districts,
  divisions,
  genders,
  schoolTypes,
  shifts,
  studentGroups,
  subjects,
  upazilas,
} from '../schema';

/** Index + 1 is the day id (1 = Sunday ... 7 = Saturday). */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const SHIFT_NAMES = ['Morning', 'Day'] as const;
export const SESSION_YEARS = ['2024', '2025', '2026', '2027', '2028'] as const;
export const GENDER_NAMES = ['Male', 'Female', 'Other'] as const;
export const DIVISION_NAMES = [
  'Dhaka',
  'Chattogram',
  'Rajshahi',
  'Khulna',
  'Barishal',
  'Sylhet',
  'Rangpur',
  'Mymensingh',
] as const;
export const GROUP_NAMES = ['Science', 'Humanities', 'Business Studies'] as const;
export type GroupName = (typeof GROUP_NAMES)[number];

export const SCHOOL_TYPES = [
  { name: 'Primary', code: 'PRI' },
  { name: 'Secondary', code: 'SEC' },
  { name: 'Higher Secondary', code: 'HSC' },
  { name: 'Madrasah', code: 'MAD' },
] as const;

interface ClassDef {
  className: string;
  classCode: string;
  sortOrder: number;
}

/** Classes per school type code. Madrasah classes are left to the schools that need them. */
export const CLASSES_BY_TYPE: Record<string, ClassDef[]> = {
  PRI: [
    { className: 'Play', classCode: 'PLAY', sortOrder: -2 },
    { className: 'Nursery', classCode: 'NUR', sortOrder: -1 },
    { className: 'K.G', classCode: 'KG', sortOrder: 0 },
    { className: 'One', classCode: '1', sortOrder: 1 },
    { className: 'Two', classCode: '2', sortOrder: 2 },
    { className: 'Three', classCode: '3', sortOrder: 3 },
    { className: 'Four', classCode: '4', sortOrder: 4 },
    { className: 'Five', classCode: '5', sortOrder: 5 },
  ],
  SEC: [
    { className: 'Six', classCode: '6', sortOrder: 6 },
    { className: 'Seven', classCode: '7', sortOrder: 7 },
    { className: 'Eight', classCode: '8', sortOrder: 8 },
    { className: 'Nine', classCode: '9', sortOrder: 9 },
    { className: 'Ten', classCode: '10', sortOrder: 10 },
  ],
  HSC: [
    { className: 'Eleven', classCode: '11', sortOrder: 11 },
    { className: 'Twelve', classCode: '12', sortOrder: 12 },
  ],
};

export const SECONDARY_CLASS_NAMES = ['Six', 'Seven', 'Eight', 'Nine', 'Ten'] as const;

interface SubjectDef {
  code: string;
  name: string;
  group: GroupName | null;
  optional: boolean;
}

/** Compulsory for every class Six to Ten (codes as the Bangladesh boards use them). */
export const COMMON_SUBJECTS: SubjectDef[] = [
  { code: '101', name: 'Bangla', group: null, optional: false },
  { code: '107', name: 'English', group: null, optional: false },
  { code: '109', name: 'Mathematics', group: null, optional: false },
  { code: '127', name: 'Science', group: null, optional: false },
  { code: '150', name: 'Bangladesh and Global Studies', group: null, optional: false },
  { code: '111', name: 'Religion', group: null, optional: false },
  { code: '154', name: 'ICT', group: null, optional: false },
];

/** Group electives (and the optional 4th subjects) of classes Nine and Ten. */
export const ELECTIVE_SUBJECTS: SubjectDef[] = [
  { code: '136', name: 'Physics', group: 'Science', optional: false },
  { code: '137', name: 'Chemistry', group: 'Science', optional: false },
  { code: '138', name: 'Biology', group: 'Science', optional: false },
  { code: '126', name: 'Higher Mathematics', group: 'Science', optional: true },
  { code: '153', name: 'History', group: 'Humanities', optional: false },
  { code: '110', name: 'Geography', group: 'Humanities', optional: false },
  { code: '140', name: 'Civics', group: 'Humanities', optional: false },
  { code: '146', name: 'Accounting', group: 'Business Studies', optional: false },
  { code: '152', name: 'Finance', group: 'Business Studies', optional: false },
  { code: '143', name: 'Business Entrepreneurship', group: 'Business Studies', optional: false },
  { code: '134', name: 'Agriculture', group: null, optional: true },
];

export const subjectsForClass = (className: string): SubjectDef[] =>
  className === 'Nine' || className === 'Ten' ? [...COMMON_SUBJECTS, ...ELECTIVE_SUBJECTS] : COMMON_SUBJECTS;

/**
 * Divisions, districts and upazilas from bd-geo.ts: three statements, idempotent, so a database
 * made before they existed gets them (and the divisions' Bangla names) at its next start.
 */
export async function seedGeography(db: DbOrTx): Promise<void> {
  // Rewrite a Bangla name only when it changed, so a restart leaves the tables untouched.
  const changedBn = (column: AnyPgColumn) => sql`${column} is distinct from excluded.name_bn`;
  await db
    .insert(divisions)
    .values(BD_GEO.map((d) => ({ name: d.name, nameBn: d.nameBn })))
    .onConflictDoUpdate({
      target: divisions.name,
      set: { nameBn: sql`excluded.name_bn` },
      setWhere: changedBn(divisions.nameBn),
    });
  const divisionRows = await db.select({ id: divisions.id, name: divisions.name }).from(divisions);
  const divisionId = new Map(divisionRows.map((d) => [d.name, d.id]));
  await db
    .insert(districts)
    .values(
      BD_GEO.flatMap((d) =>
        d.districts.map((x) => ({ divisionId: divisionId.get(d.name)!, name: x.name, nameBn: x.nameBn })),
      ),
    )
    .onConflictDoUpdate({
      target: [districts.divisionId, districts.name],
      set: { nameBn: sql`excluded.name_bn` },
      setWhere: changedBn(districts.nameBn),
    });
  const districtRows = await db
    .select({ id: districts.id, divisionId: districts.divisionId, name: districts.name })
    .from(districts);
  const districtId = new Map(districtRows.map((d) => [`${d.divisionId}/${d.name}`, d.id]));
  await db
    .insert(upazilas)
    .values(
      BD_GEO.flatMap((d) =>
        d.districts.flatMap((x) =>
          x.upazilas.map((u) => ({
            districtId: districtId.get(`${divisionId.get(d.name)}/${x.name}`)!,
            name: u.name,
            nameBn: u.nameBn,
          })),
        ),
      ),
    )
    .onConflictDoUpdate({
      target: [upazilas.districtId, upazilas.name],
      set: { nameBn: sql`excluded.name_bn` },
      setWhere: changedBn(upazilas.nameBn),
    });
  // A school saved with its city thana as text only (the demo schools, and any school saved
  // before the thanas were listed) gets the row of that name in its district, so its address
  // form opens with the thana chosen and saves again. Only empty links are filled.
  await db.execute(sql`
    update schools s set upazila_id = u.id
    from upazilas u
    where s.upazila_id is null and s.district_id = u.district_id and lower(s.upazilla) = lower(u.name)`);
}

export async function seedReference(db: DbOrTx): Promise<void> {
  await db
    .insert(days)
    .values(DAY_NAMES.map((name, i) => ({ id: i + 1, name })))
    .onConflictDoNothing();
  await db
    .insert(shifts)
    .values(SHIFT_NAMES.map((name) => ({ name, nameBn: listedNameBn('shifts', name) })))
    .onConflictDoNothing();
  await db
    .insert(academicSessions)
    .values(SESSION_YEARS.map((sessionYear) => ({ sessionYear })))
    .onConflictDoNothing();
  await db
    .insert(genders)
    .values(GENDER_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
  await seedGeography(db);
  await db
    .insert(studentGroups)
    .values(GROUP_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(schoolTypes)
    .values(SCHOOL_TYPES.map((t) => ({ name: t.name, code: t.code })))
    .onConflictDoNothing();

  const typeRows = await db.select({ id: schoolTypes.id, code: schoolTypes.code }).from(schoolTypes);
  const typeId = new Map(typeRows.map((t) => [t.code, t.id]));
  const classRows = Object.entries(CLASSES_BY_TYPE).flatMap(([code, defs]) => {
    const schoolTypeId = typeId.get(code);
    if (schoolTypeId === undefined) throw new Error(`School type ${code} is missing`);
    return defs.map((d) => ({ schoolTypeId, ...d, classNameBn: listedNameBn('classes', d.className) }));
  });
  await db.insert(classes).values(classRows).onConflictDoNothing();

  const groupRows = await db.select({ id: studentGroups.id, name: studentGroups.name }).from(studentGroups);
  const groupId = new Map(groupRows.map((g) => [g.name, g.id]));
  const secondary = await db
    .select({ id: classes.id, className: classes.className })
    .from(classes)
    .where(eq(classes.schoolTypeId, typeId.get('SEC')!));
  const subjectRows = secondary
    .filter((c) => (SECONDARY_CLASS_NAMES as readonly string[]).includes(c.className))
    .flatMap((c) =>
      subjectsForClass(c.className).map((s) => ({
        classId: c.id,
        subjectCode: s.code,
        subjectName: s.name,
        subjectNameBn: listedNameBn('subjects', s.name),
        groupId: s.group ? groupId.get(s.group)! : null,
        optional: s.optional,
      })),
    );
  if (subjectRows.length) await db.insert(subjects).values(subjectRows).onConflictDoNothing();
}
