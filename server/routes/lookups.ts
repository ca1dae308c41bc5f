/** Reference data and the school's structure: classes, sections, sessions, days, periods, shifts, subjects... */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  classQuery,
  classRow,
  dayRow,
  divisionRow,
  genderRow,
  groupRow,
  periodQuery,
  periodRow,
  sectionQuery,
  sectionRow,
  sessionRow,
  shiftRow,
  subjectQuery,
  subjectRow,
} from '@/api/schemas/lookups';
import { banglaNames } from '@/api/schemas/names';
import { schoolOf, schoolsInView } from '../auth/tenant';
import {
  academicSessions,
  classes,
  days,
  divisions,
  examTypes,
  feeSectors,
  genders,
  periods,
  sections,
  shifts,
  studentGroups,
  subjects,
} from '../db/schema';
import { todayIn } from '../services/school-time';

export async function lookupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get(
    '/class',
    {
      config: { action: 'lookup.class' },
      schema: {
        querystring: classQuery,
        response: { 200: z.array(classRow) },
      },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(classes)
        .where(req.query.school_type_id ? eq(classes.schoolTypeId, req.query.school_type_id) : undefined)
        .orderBy(asc(classes.schoolTypeId), asc(classes.sortOrder));
      return rows.map((c) => ({
        id: c.id,
        class_name: c.className,
        class_code: c.classCode,
        school_type_id: c.schoolTypeId,
      }));
    },
  );

  app.get(
    '/section/all',
    {
      config: { action: 'lookup.section' },
      schema: {
        querystring: sectionQuery,
        response: { 200: z.array(sectionRow) },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const where: SQL[] = [eq(sections.schoolId, schoolId)];
      if (req.query.class_id) where.push(eq(sections.classId, req.query.class_id));
      const rows = await db
        .select({
          id: sections.id,
          section_default_name: sections.sectionDefaultName,
          class_id: sections.classId,
          class_name: classes.className,
          shift_id: sections.shiftId,
          school_info_id: sections.schoolId,
        })
        .from(sections)
        .innerJoin(classes, eq(classes.id, sections.classId))
        .where(and(...where))
        .orderBy(asc(classes.sortOrder), asc(sections.sectionDefaultName));
      return rows;
    },
  );

  app.get(
    '/session',
    { config: { action: 'lookup.session' }, schema: { response: { 200: z.array(sessionRow) } } },
    async () => {
      const currentYear = todayIn(app.config.TZ_DEFAULT).slice(0, 4);
      const rows = await db.select().from(academicSessions).orderBy(asc(academicSessions.sessionYear));
      return rows.map((s) => ({ id: s.id, session_year: s.sessionYear, current: s.sessionYear === currentYear }));
    },
  );

  app.get('/day', { config: { action: 'lookup.day' }, schema: { response: { 200: z.array(dayRow) } } }, async () =>
    (await db.select().from(days).orderBy(asc(days.id))).map((d) => ({ id: d.id, day: d.name })),
  );

  const periodHandler = async (req: { query: { school_info_id?: number; shift_id?: number } }) => {
    const schoolId = await schoolOf(req as never, req.query.school_info_id);
    const where: SQL[] = [eq(periods.schoolId, schoolId)];
    if (req.query.shift_id) where.push(eq(periods.shiftId, req.query.shift_id));
    const rows = await db
      .select()
      .from(periods)
      .where(and(...where))
      .orderBy(asc(periods.shiftId), asc(periods.serial));
    return rows.map((p) => ({
      id: p.id,
      period_code: p.periodCode,
      shift_id: p.shiftId,
      serial: p.serial,
      start_time: p.startTime,
      end_time: p.endTime,
    }));
  };
  const periodSchema = {
    querystring: periodQuery,
    response: { 200: z.array(periodRow) },
  };
  app.get('/period', { config: { action: 'lookup.period' }, schema: periodSchema }, periodHandler);
  app.get('/period/all', { config: { action: 'lookup.period' }, schema: periodSchema }, periodHandler);

  const shiftHandler = async () =>
    (await db.select().from(shifts).orderBy(asc(shifts.id))).map((s) => ({ id: s.id, shift_name: s.name }));
  const shiftSchema = { response: { 200: z.array(shiftRow) } };
  app.get('/shift', { config: { action: 'lookup.shift' }, schema: shiftSchema }, shiftHandler);
  app.get('/shift/all', { config: { action: 'lookup.shift' }, schema: shiftSchema }, shiftHandler);

  const subjectHandler = async (req: { query: z.output<typeof subjectQuery> }) => {
    const where: SQL[] = [];
    if (req.query.class_id) where.push(eq(subjects.classId, req.query.class_id));
    if (req.query.school_type_id) where.push(eq(classes.schoolTypeId, req.query.school_type_id));
    const rows = await db
      .select({
        id: subjects.id,
        subject_name: subjects.subjectName,
        subject_code: subjects.subjectCode,
        class_id: subjects.classId,
        school_type_id: classes.schoolTypeId,
        group_id: subjects.groupId,
        optional: subjects.optional,
      })
      .from(subjects)
      .innerJoin(classes, eq(classes.id, subjects.classId))
      .where(where.length ? and(...where) : undefined)
      .orderBy(asc(classes.sortOrder), asc(subjects.subjectCode));
    return rows;
  };
  const subjectSchema = { querystring: subjectQuery, response: { 200: z.array(subjectRow) } };
  app.get('/subjects', { config: { action: 'lookup.subject' }, schema: subjectSchema }, subjectHandler);
  app.get('/subject', { config: { action: 'lookup.subject' }, schema: subjectSchema }, subjectHandler);
  app.get('/subject/all', { config: { action: 'lookup.subject' }, schema: subjectSchema }, subjectHandler);

  // The Bangla names of shared names, keyed by the English name (src/api/schemas/names.ts; docs/i18n.md,
  // "Bangla names"). Classes, subjects and shifts are everyone's; exam types and fee heads are the
  // schools' the caller may see (schoolsInView). Where two of those schools give one English name
  // different Bangla names, the lower school id's wins.
  app.get(
    '/names/bn',
    { config: { action: 'lookup.names', cacheable: true }, schema: { response: { 200: banglaNames } } },
    async (req) => {
      const schoolIds = await schoolsInView(db, req);
      const inSchools = <T extends typeof examTypes.schoolId | typeof feeSectors.schoolId>(col: T) =>
        schoolIds === 'all' ? undefined : inArray(col, schoolIds.length ? schoolIds : [-1]);
      const [classRows, subjectRows, shiftRows, examRows, sectorRows] = await Promise.all([
        db
          .select({ en: classes.className, bn: classes.classNameBn })
          .from(classes)
          .where(ne(classes.classNameBn, ''))
          .orderBy(asc(classes.id)),
        db
          .select({ en: subjects.subjectName, bn: subjects.subjectNameBn })
          .from(subjects)
          .where(ne(subjects.subjectNameBn, ''))
          .orderBy(asc(subjects.id)),
        db
          .select({ en: shifts.name, bn: shifts.nameBn })
          .from(shifts)
          .where(ne(shifts.nameBn, ''))
          .orderBy(asc(shifts.id)),
        db
          .select({ en: examTypes.examName, bn: examTypes.examNameBn })
          .from(examTypes)
          .where(and(ne(examTypes.examNameBn, ''), inSchools(examTypes.schoolId)))
          .orderBy(asc(examTypes.schoolId), asc(examTypes.sortOrder), asc(examTypes.id)),
        db
          .select({ en: feeSectors.sectorName, bn: feeSectors.sectorNameBn })
          .from(feeSectors)
          .where(and(ne(feeSectors.sectorNameBn, ''), inSchools(feeSectors.schoolId)))
          .orderBy(asc(feeSectors.schoolId), asc(feeSectors.id)),
      ]);
      return {
        classes: byEnglish(classRows),
        subjects: byEnglish(subjectRows),
        shifts: byEnglish(shiftRows),
        exam_types: byEnglish(examRows),
        fee_sectors: byEnglish(sectorRows),
      };
    },
  );

  app.get(
    '/gender',
    { config: { action: 'lookup.gender' }, schema: { response: { 200: z.array(genderRow) } } },
    async () => db.select({ id: genders.id, name: genders.name }).from(genders).orderBy(asc(genders.id)),
  );
  // "division" is the address division (Dhaka, Chattogram...); the spec's groups carry division_name.
  app.get(
    '/division',
    { config: { action: 'lookup.division' }, schema: { response: { 200: z.array(divisionRow) } } },
    async () =>
      db
        .select({ id: divisions.id, name: divisions.name, name_bn: divisions.nameBn })
        .from(divisions)
        .orderBy(asc(divisions.id)),
  );
  app.get(
    '/groups/all',
    { config: { action: 'lookup.group' }, schema: { response: { 200: z.array(groupRow) } } },
    async () =>
      db
        .select({ id: studentGroups.id, division_name: studentGroups.name })
        .from(studentGroups)
        .orderBy(asc(studentGroups.id)),
  );
}

/** `{ [English name]: Bangla name }`, the first row of a name winning (rows come in priority order). */
function byEnglish(rows: { en: string; bn: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const en = r.en.trim();
    const bn = r.bn.trim();
    if (en && bn && !(en in out)) out[en] = bn;
  }
  return out;
}
