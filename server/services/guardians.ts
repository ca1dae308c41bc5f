/**
 * Guardians. A guardian is a person with an account of user type 3 whose user code is
 * their normalised phone number; the account has no school (users.school_id null) and reaches
 * students only through guardian_students links, each carrying the student's school. One phone is
 * one guardian: creating a guardian whose phone is known matches that guardian and links instead.
 * The guardian's own users.phone stays null: students' accounts often hold a parent's number, and
 * the sign-in finds a guardian by user code first (services/account.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { USER_TYPES } from '@/api/permissions';
import type { GuardianRelation } from '@/api/schemas/guardians';
import type { Db, DbOrTx } from '../db/client';
import { guardians, guardianStudents, schools, students, users } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { recordAudit, recordAudits } from './audit';
import { hashOneTime, oneTimePassword } from './people';
import { normalisePhone } from './phone';
import { todayIn } from './school-time';

export interface GuardianPerson {
  name: string;
  phone: string;
  email?: string;
}

export interface FoundGuardian {
  guardianId: number;
  /** The guardian's account (the subject of the security trail's rows). */
  userId: number;
  userCode: string;
  /** A new account's one-time password; null when an existing guardian was matched. */
  initialPassword: string | null;
  matched: boolean;
}

/** Split a person's name into the account's first and last name (the last word is the last name). */
function splitName(name: string) {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { firstName: name.trim().slice(0, 80), lastName: '' };
  return { firstName: words.slice(0, -1).join(' ').slice(0, 80), lastName: words[words.length - 1].slice(0, 80) };
}

/**
 * The guardian with this phone, else a new one with a one-time password. Run inside a
 * transaction: a per-phone advisory lock makes two admins adding the same parent at once match
 * one guardian instead of one of them failing.
 */
export async function findOrCreateGuardian(tx: DbOrTx, person: GuardianPerson): Promise<FoundGuardian> {
  const phone = normalisePhone(person.phone);
  if (!phone)
    throw new ApiError(400, 'invalid_input', 'phone must be a mobile number like 01712345678', {
      phone: 'must be a mobile number like 01712345678',
    });
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'guardian:' + phone}))`);
  const [known] = await tx
    .select({ id: guardians.id, userId: guardians.userId, userCode: users.userCode })
    .from(guardians)
    .innerJoin(users, eq(users.id, guardians.userId))
    .where(eq(guardians.phone, phone));
  // Matched: the record stays as it is (the name and e-mail another school may have typed are
  // neither answered nor overwritten with what this admin typed).
  if (known)
    return {
      guardianId: known.id,
      userId: known.userId,
      userCode: known.userCode,
      initialPassword: null,
      matched: true,
    };
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.userCode}) = ${phone}`);
  if (taken)
    throw new ApiError(409, 'guardians.phone_taken', 'That phone number is another account’s user id.', {
      phone: 'is another account’s user id',
    });
  const password = oneTimePassword();
  const [hash] = await hashOneTime([password]);
  const { firstName, lastName } = splitName(person.name);
  const [user] = await tx
    .insert(users)
    .values({
      userCode: phone,
      userType: USER_TYPES.guardian,
      email: null,
      phone: null,
      passwordHash: hash,
      schoolId: null,
      firstName,
      lastName,
      mustChangePassword: true,
    })
    .returning({ id: users.id });
  const [g] = await tx
    .insert(guardians)
    .values({ userId: user.id, name: person.name.trim(), phone, email: person.email?.trim() ?? '' })
    .returning({ id: guardians.id });
  return { guardianId: g.id, userId: user.id, userCode: phone, initialPassword: password, matched: false };
}

/** Students of `schoolId` among `studentIds`; any other id is refused (404 when none such exists here). */
export async function studentsOfSchool(db: DbOrTx, schoolId: number, studentIds: number[]) {
  const unique = [...new Set(studentIds)];
  const rows = await db
    .select({ id: students.id, schoolId: students.schoolId })
    .from(students)
    .where(and(inArray(students.id, unique), eq(students.schoolId, schoolId)));
  if (rows.length !== unique.length) {
    const missing = unique.filter((id) => !rows.some((r) => r.id === id));
    throw new ApiError(
      403,
      'guardians.student_not_here',
      'A student named is not of your school.',
      { student_ids: `not of your school: ${missing.join(', ')}` },
      { ids: missing.join(', ') },
    );
  }
  return rows;
}

/** Who made a change, for the security trail (services/audit.ts). */
export interface Actor {
  userId: number;
}

/**
 * Link a guardian to students (their schools given); an existing link takes the new relation.
 * Each link is a 'guardian.link' row of the security trail, written with it (run in a transaction).
 */
export async function linkStudents(
  tx: DbOrTx,
  guardian: { id: number; userId: number },
  children: { id: number; schoolId: number }[],
  relation: GuardianRelation,
  actor: Actor,
) {
  if (!children.length) return;
  await tx
    .insert(guardianStudents)
    .values(children.map((c) => ({ guardianId: guardian.id, studentId: c.id, schoolId: c.schoolId, relation })))
    .onConflictDoUpdate({
      target: [guardianStudents.guardianId, guardianStudents.studentId, guardianStudents.schoolId],
      set: { relation: sql`excluded.relation` },
    });
  await recordAudits(
    tx,
    children.map((c) => ({
      actorUserId: actor.userId,
      action: 'guardian.link',
      subjectUserId: guardian.userId,
      schoolId: c.schoolId,
      detail: { guardian_id: guardian.id, student_id: c.id, relation },
    })),
  );
}

/**
 * Remove a link of a school's student, with its 'guardian.unlink' row of the security trail (run
 * in a transaction); answers whether there was one.
 */
export async function unlinkStudent(db: DbOrTx, schoolId: number, guardianId: number, studentId: number, actor: Actor) {
  const gone = await db
    .delete(guardianStudents)
    .where(
      and(
        eq(guardianStudents.guardianId, guardianId),
        eq(guardianStudents.studentId, studentId),
        eq(guardianStudents.schoolId, schoolId),
      ),
    )
    .returning({ relation: guardianStudents.relation });
  if (!gone.length) return false;
  const [g] = await db.select({ userId: guardians.userId }).from(guardians).where(eq(guardians.id, guardianId));
  await recordAudit(db, {
    actorUserId: actor.userId,
    action: 'guardian.unlink',
    subjectUserId: g.userId,
    schoolId,
    detail: { guardian_id: guardianId, student_id: studentId, relation: gone[0].relation },
  });
  return true;
}

/** The guardians of one student (few), for the admin's student record. */
export async function guardiansOfStudent(db: DbOrTx, schoolId: number, studentId: number) {
  return db
    .select({
      guardian_id: guardians.id,
      name: guardians.name,
      phone: guardians.phone,
      email: guardians.email,
      relation: sql<GuardianRelation>`${guardianStudents.relation}`,
      user_code: users.userCode,
    })
    .from(guardianStudents)
    .innerJoin(guardians, eq(guardians.id, guardianStudents.guardianId))
    .innerJoin(users, eq(users.id, guardians.userId))
    .where(and(eq(guardianStudents.schoolId, schoolId), eq(guardianStudents.studentId, studentId)))
    .orderBy(guardians.name);
}

interface ChildRow extends Record<string, unknown> {
  student_id: number;
  student_code: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  relation: GuardianRelation;
  school_info_id: number;
  school_name: string;
  time_zone: string;
  session_id: number | null;
  class_id: number | null;
  class_name: string | null;
  section_id: number | null;
  section_default_name: string | null;
  class_roll_no: number | null;
}

/**
 * A guardian account's children, each with their latest enrolment (class, section, roll) and their
 * school's today: one round trip. A guardian has few children (the links an admin made).
 */
export async function childrenOfGuardian(db: DbOrTx, userId: number) {
  const result = await db.execute<ChildRow>(sql`
    select s.id as student_id, s.student_code, s.first_name, s.middle_name, s.last_name,
           gs.relation, sc.id as school_info_id, sc.school_name, sc.time_zone,
           e.session_id, e.class_id, e.class_name, e.section_id, e.section_default_name, e.class_roll_no
      from ${guardianStudents} gs
      join ${guardians} g on g.id = gs.guardian_id
      join ${students} s on s.id = gs.student_id and s.school_id = gs.school_id
      join ${schools} sc on sc.id = gs.school_id
      left join lateral (
        select en.session_id, en.class_id, c.class_name, en.section_id, sec.section_default_name, en.class_roll_no
          from enrolments en
          join sections sec on sec.id = en.section_id
          join classes c on c.id = en.class_id
         where en.student_id = s.id
         order by en.session_id desc
         limit 1
      ) e on true
     where g.user_id = ${userId}
     order by s.first_name, s.id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: ChildRow[] }).rows) as ChildRow[];
  return rows.map((r) => ({
    student_id: Number(r.student_id),
    student_code: r.student_code,
    full_name: [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(' '),
    relation: r.relation,
    school_info_id: Number(r.school_info_id),
    school_name: r.school_name,
    session_id: r.session_id == null ? null : Number(r.session_id),
    class_id: r.class_id == null ? null : Number(r.class_id),
    class_name: r.class_name,
    section_id: r.section_id == null ? null : Number(r.section_id),
    section_default_name: r.section_default_name,
    class_roll_no: r.class_roll_no == null ? null : Number(r.class_roll_no),
    today: todayIn(r.time_zone),
  }));
}

/**
 * The CSV import's guardians: each imported student's father and mother phone create
 * a guardian or match the one with that phone, linked as father or mother. New guardians' one-time
 * passwords are answered with the students' (user id = the phone). Run inside the import's
 * transaction; set-based (a handful of statements however many rows), one guardian per phone
 * however many rows name it (siblings in one file). Every creation, match and link is a row of the
 * security trail, as when one guardian is added by hand.
 */
export async function guardiansFromImport(
  tx: DbOrTx,
  schoolId: number,
  actor: Actor,
  rows: {
    id: number;
    name: string;
    fatherName: string;
    fatherPhoneNumber: string;
    motherName: string;
    motherPhoneNumber: string;
  }[],
) {
  const wanted: { studentId: number; relation: GuardianRelation; phone: string; name: string }[] = [];
  for (const s of rows) {
    for (const [relation, rawPhone, rawName] of [
      ['father', s.fatherPhoneNumber, s.fatherName],
      ['mother', s.motherPhoneNumber, s.motherName],
    ] as const) {
      const phone = rawPhone ? normalisePhone(rawPhone) : null;
      if (!phone) continue;
      const name = rawName.trim() || `${relation === 'father' ? 'Father' : 'Mother'} of ${s.name}`;
      wanted.push({ studentId: s.id, relation, phone, name });
    }
  }
  if (!wanted.length) return [];
  const phones = [...new Set(wanted.map((w) => w.phone))].sort();
  // The same per-phone locks as a single add, taken in one order so two imports cannot deadlock.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('guardian:' || p)) from unnest(${sql.raw(
      `ARRAY[${phones.map((p) => `'${p}'`).join(',')}]`,
    )}::text[]) as p order by p`,
  );
  const known = await tx
    .select({ id: guardians.id, userId: guardians.userId, phone: guardians.phone })
    .from(guardians)
    .where(inArray(guardians.phone, phones));
  const idOf = new Map(known.map((k) => [k.phone, k.id]));
  const userOf = new Map(known.map((k) => [k.id, k.userId]));
  const matched = new Set(known.map((k) => k.id));
  const missing = phones.filter((p) => !idOf.has(p));
  const accounts: { userCode: string; name: string; initialPassword: string; guardian: true }[] = [];
  if (missing.length) {
    const taken = await tx
      .select({ code: users.userCode })
      .from(users)
      .where(inArray(sql`lower(${users.userCode})`, missing));
    if (taken.length)
      throw new ApiError(409, 'guardians.phone_taken', 'That phone number is another account’s user id.', {
        father_phone_number: `is another account’s user id: ${taken.map((t) => t.code).join(', ')}`,
      });
    const nameOf = new Map<string, string>();
    for (const w of wanted) if (!nameOf.has(w.phone)) nameOf.set(w.phone, w.name);
    const passwords = missing.map(() => oneTimePassword());
    const hashes = await hashOneTime(passwords);
    const made = await tx
      .insert(users)
      .values(
        missing.map((phone, i) => ({
          userCode: phone,
          userType: USER_TYPES.guardian,
          passwordHash: hashes[i],
          schoolId: null,
          ...splitName(nameOf.get(phone)!),
          mustChangePassword: true,
        })),
      )
      .returning({ id: users.id, userCode: users.userCode });
    const userIdOf = new Map(made.map((m) => [m.userCode, m.id]));
    const inserted = await tx
      .insert(guardians)
      .values(missing.map((phone) => ({ userId: userIdOf.get(phone)!, name: nameOf.get(phone)!, phone })))
      .returning({ id: guardians.id, userId: guardians.userId, phone: guardians.phone });
    for (const g of inserted) {
      idOf.set(g.phone, g.id);
      userOf.set(g.id, g.userId);
    }
    missing.forEach((phone, i) =>
      accounts.push({ userCode: phone, name: nameOf.get(phone)!, initialPassword: passwords[i], guardian: true }),
    );
  }
  // One link per guardian and student (a phone named as both father and mother: the first).
  const links = new Map<
    string,
    { guardianId: number; studentId: number; schoolId: number; relation: GuardianRelation }
  >();
  for (const w of wanted) {
    const guardianId = idOf.get(w.phone)!;
    const key = `${guardianId}|${w.studentId}`;
    if (!links.has(key)) links.set(key, { guardianId, studentId: w.studentId, schoolId, relation: w.relation });
  }
  const all = [...links.values()];
  for (let i = 0; i < all.length; i += 1000) {
    await tx
      .insert(guardianStudents)
      .values(all.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [guardianStudents.guardianId, guardianStudents.studentId, guardianStudents.schoolId],
        set: { relation: sql`excluded.relation` },
      });
  }
  const studentsOf = new Map<number, number[]>();
  for (const l of all) studentsOf.set(l.guardianId, [...(studentsOf.get(l.guardianId) ?? []), l.studentId]);
  await recordAudits(tx, [
    ...[...studentsOf].map(([guardianId, studentIds]) => ({
      actorUserId: actor.userId,
      action: matched.has(guardianId) ? 'guardian.match' : 'guardian.create',
      subjectUserId: userOf.get(guardianId)!,
      schoolId,
      detail: { guardian_id: guardianId, student_ids: studentIds, source: 'import' },
    })),
    ...all.map((l) => ({
      actorUserId: actor.userId,
      action: 'guardian.link',
      subjectUserId: userOf.get(l.guardianId)!,
      schoolId,
      detail: { guardian_id: l.guardianId, student_id: l.studentId, relation: l.relation, source: 'import' },
    })),
  ]);
  return accounts;
}

// ---------------------------------------------------------------- the admin's and the guardian's flows

/** A guardian the admin's school reaches by id (server/auth/scope.ts `guardianInScope`), read in `db`. */
export type GuardianOfSchool = (db: DbOrTx) => Promise<{ id: number; userId: number }>;

/**
 * POST /api/guardian: the guardian with this phone, else a new one, linked to students of the
 * admin's school, with the creation or match on the security trail, in one transaction. A match
 * answers only what the admin typed and that the account is now linked: the name and e-mail on
 * record may be another school's.
 */
export async function addGuardian(
  db: Db,
  schoolId: number,
  body: { name: string; phone: string; email: string; relation: GuardianRelation; student_ids: number[] },
  actor: Actor,
) {
  const children = await studentsOfSchool(db, schoolId, body.student_ids);
  const found = await db.transaction(async (tx) => {
    const g = await findOrCreateGuardian(tx, { name: body.name, phone: body.phone, email: body.email });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: g.matched ? 'guardian.match' : 'guardian.create',
      subjectUserId: g.userId,
      schoolId,
      detail: { guardian_id: g.guardianId, student_ids: children.map((c) => c.id), relation: body.relation },
    });
    await linkStudents(tx, { id: g.guardianId, userId: g.userId }, children, body.relation, actor);
    return g;
  });
  return {
    guardian_id: found.guardianId,
    user_code: found.userCode,
    initial_password: found.initialPassword,
    matched: found.matched,
    message: found.matched ? 'Guardian found by phone and linked.' : 'Guardian created and linked.',
  };
}

/**
 * POST /api/guardian/link: a guardian the school reaches (`guardian`, resolved in the
 * transaction) linked to one more student of the school.
 */
export async function linkGuardian(
  db: Db,
  schoolId: number,
  studentId: number,
  relation: GuardianRelation,
  guardian: GuardianOfSchool,
  actor: Actor,
) {
  const children = await studentsOfSchool(db, schoolId, [studentId]);
  await db.transaction(async (tx) => {
    const g = await guardian(tx);
    await linkStudents(tx, g, children, relation, actor);
  });
}

/**
 * POST /api/guardian/unlink: the student must be the school's and the guardian one it reaches;
 * a link that is not there is 404 `guardians.not_linked`.
 */
export async function unlinkGuardian(
  db: Db,
  schoolId: number,
  guardianId: number,
  studentId: number,
  guardian: GuardianOfSchool,
  actor: Actor,
) {
  await studentsOfSchool(db, schoolId, [studentId]);
  await guardian(db);
  const unlinked = await db.transaction((tx) => unlinkStudent(tx, schoolId, guardianId, studentId, actor));
  if (!unlinked) throw new ApiError(404, 'guardians.not_linked', 'That guardian is not linked to this student.');
}

/** GET /api/guardian/student: a student of the school (403 otherwise) and their guardians. */
export async function guardiansOfSchoolStudent(db: DbOrTx, schoolId: number, studentId: number) {
  await studentsOfSchool(db, schoolId, [studentId]);
  return guardiansOfStudent(db, schoolId, studentId);
}

/** A guardian's own choice of SMS and language (language: their own, else Bangla). */
export async function guardianPreferencesOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ sms: guardians.smsPreference, language: users.language })
    .from(users)
    .leftJoin(guardians, eq(guardians.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound('guardian');
  return {
    sms: row.sms === 'none' ? ('none' as const) : ('sms' as const),
    language: row.language === 'en' ? ('en' as const) : ('bn' as const),
  };
}

/** Save a guardian's choice of SMS and language, both or neither. */
export async function saveGuardianPreferences(
  db: Db,
  userId: number,
  prefs: { sms: 'sms' | 'none'; language: 'bn' | 'en' },
) {
  await db.transaction(async (tx) => {
    await tx.update(guardians).set({ smsPreference: prefs.sms }).where(eq(guardians.userId, userId));
    await tx.update(users).set({ language: prefs.language }).where(eq(users.id, userId));
  });
}
