/** Reference data and the school's structure: classes, sections, sessions, days, periods, shifts, subjects... */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, type SQL } from 'drizzle-orm';
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
import { schoolOf } from '../auth/tenant';
import {
  academicSessions,
  classes,
  days,
  divisions,
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
