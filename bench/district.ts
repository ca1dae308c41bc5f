/**
 * The district generator: a realistic district of secondary schools (admins, teachers, students in
 * sections of about 40, a weekly routine, notices and a school year of attendance) for the scale
 * benchmark. Everything big is made inside PostgreSQL with set-based `INSERT ... SELECT` over
 * generate_series and the rows already loaded; Node only plans the schools and sections (a few
 * hundred rows). Every random choice is a hash of the seed and the row's key (hashint8extended), so
 * the same parameters give the same district on any run, whatever plan PostgreSQL picks.
 *
 * Ids are assigned here, not by the sequences (which are set past them at the end): the district is
 * only loaded into a database without schools, and fixed ids let a benchmark name a student or a
 * section without looking it up. The attendance tables are loaded without their indexes and foreign
 * keys, which are rebuilt (and the keys validated) in one pass afterwards: far faster than
 * maintaining three indexes and two key checks per mark for 36 million marks.
 *
 * The parameters are kept in the database's comment, so a second run with the same ones finds the
 * district and does nothing.
 */
import { DateTime } from 'luxon';
import pg from 'pg';
import { fromPostgres } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { seedReference } from '../server/db/seed/reference';
import { hashPassword } from '../server/auth/passwords';
import { createRng } from '../server/db/seed/random';
import { DEMO_PASSWORD } from '../server/db/seed/demo';
import { MARKS_OF_KIND, PREVIOUS_DATES } from '../server/db/seed/exams';
import { DEFAULT_EXAM_TYPES } from '../server/services/exams';
import * as N from '../server/db/seed/names';

export interface DistrictOptions {
  schools: number;
  students: number;
  /** School days of attendance before `today` (each school's own school days). */
  days: number;
  seed: number;
  /** The district's today (YYYY-MM-DD, default today in Asia/Dhaka): attendance ends the day before. */
  today?: string;
  log?: (line: string) => void;
}

export interface DistrictSummary {
  /** True when the database already held this district and nothing was done. */
  reused: boolean;
  params: { schools: number; students: number; days: number; seed: number; today: string };
  counts: Record<string, number>;
  /** Seconds the load took (0 when reused). */
  seconds: number;
  /** pg_database_size, pretty and in bytes. */
  size: string;
  sizeBytes: number;
  /** Every account signs in with this password. */
  password: string;
  /** The accounts of school n: admin<n>, teacher<n> (teaches in the routine), student<n> (roll 1 of its first section). */
  accounts: string;
}

const TIME_ZONE = 'Asia/Dhaka';
const SECTION_SIZE = 40;
const PERIODS_A_DAY = 6;
const MARKER_KEY = 'pathshala_district';
/**
 * What the generator makes, in the marker: a district made by an older version (fewer tables
 * filled) is made again, not reused. 2: exams, marks and the previous session (2026-11-25).
 */
const DISTRICT_VERSION = 2;
const UT = { student: 1, teacher: 2, schoolAdmin: 4, superAdmin: 5, viewer: 6 } as const;
const GROUPS = ['Science', 'Humanities', 'Business Studies'] as const;

/** The Day shift, as the demo school runs it. */
const PERIOD_TIMES: [string, string, string][] = [
  ['1st', '10:00', '10:45'],
  ['2nd', '10:45', '11:30'],
  ['3rd', '11:30', '12:15'],
  ['4th', '12:45', '13:30'],
  ['5th', '13:30', '14:15'],
  ['6th', '14:15', '15:00'],
];

/**
 * What each teacher of a school teaches, by its position in the staff (cycling): subject codes in
 * order of preference, each list ending in a subject every class Six to Ten has, so that any
 * teacher can take any section in the rotation.
 */
const TEACHER_TEMPLATES: { department: string; subjects: string[] }[] = [
  { department: 'Social Science', subjects: ['150'] },
  { department: 'Mathematics', subjects: ['126', '109'] },
  { department: 'Mathematics', subjects: ['109', '126'] },
  { department: 'Bangla', subjects: ['101'] },
  { department: 'English', subjects: ['107'] },
  { department: 'Science', subjects: ['136', '127'] },
  { department: 'Science', subjects: ['137', '127'] },
  { department: 'Science', subjects: ['138', '134', '127'] },
  { department: 'Bangla', subjects: ['101'] },
  { department: 'English', subjects: ['107'] },
  { department: 'ICT', subjects: ['154'] },
  { department: 'Religion', subjects: ['111'] },
  { department: 'Business Studies', subjects: ['146', '152', '143', '109'] },
  { department: 'Social Science', subjects: ['153', '110', '140', '150'] },
];

const SCHOOL_KINDS = [
  ['Government High School', 'GHS'],
  ['Model High School', 'MHS'],
  ["Government Girls' High School", 'GGHS'],
  ['Pilot High School', 'PHS'],
  ['Adarsha Bidyaniketan', 'AB'],
  ['High School', 'HS'],
  ['Collegiate School', 'CS'],
] as const;

const ADMIN_NOTICES = [
  [
    'Tuition fees for the month',
    'Guardians are requested to pay the monthly tuition fee by the 15th at the school office.',
  ],
  [
    'Parent-teacher meeting',
    'A parent-teacher meeting for all classes will be held in the school auditorium from 10:00.',
  ],
  [
    'Annual sports competition',
    'Students who wish to take part must give their names to the physical education teacher.',
  ],
  ['Half-yearly examination routine', 'The half-yearly examination routine is on the notice board and the website.'],
] as const;

// ------------------------------------------------------------------------ SQL text helpers

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => `array[${items.map(lit).join(',')}]::text[]`;

/**
 * A uniform float in [0, 1) from the seed, a purpose (salt) and the row's key: the same key gives
 * the same number in every run and under any join order, unlike random().
 */
function rndOf(seed: number) {
  return (key: string, salt: number) =>
    `(((hashint8extended((${key})::bigint, ${seed * 64 + salt}) >> 11) & 9007199254740991)::float8 / 9007199254740992.0)`;
}

/** An element of a SQL array literal chosen by a uniform expression. */
const pickFrom = (array: string, u: string) => `(${array})[1 + floor(${u} * cardinality(${array}))::int]`;

// ------------------------------------------------------------------------ the plan (in Node, small)

interface SchoolPlan {
  id: number;
  eiin: string;
  name: string;
  shortName: string;
  domain: string;
  district: string;
  upazilla: string;
  division: string;
  offDays: number[];
  teacherBase: number;
  teacherCount: number;
  sectionCount: number;
}

interface SectionPlan {
  id: number;
  schoolId: number;
  /** Position within the school (0-based): drives the routine's teacher rotation. */
  ord: number;
  classNo: number;
  name: string;
  group: (typeof GROUPS)[number] | null;
  size: number;
  studentBase: number;
}

/** Split total into parts proportional to weights (largest remainder), each at least `min`. */
function apportion(total: number, weights: number[], min: number): number[] {
  const spare = total - min * weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (spare * w) / sum);
  const parts = exact.map(Math.floor);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const left = spare - parts.reduce((a, b) => a + b, 0);
  for (let k = 0; k < left; k++) parts[order[k][1]] += 1;
  return parts.map((p) => p + min);
}

function planDistrict(opts: DistrictOptions) {
  const rng = createRng(opts.seed);
  const sectionTotal = Math.max(opts.schools, Math.round(opts.students / SECTION_SIZE));
  // Schools differ in size: from a third to twice the average.
  const weights = Array.from({ length: opts.schools }, () => 0.35 + rng.next() * 1.65);
  const sectionsOf = apportion(sectionTotal, weights, 1);
  const sizes = apportion(
    opts.students,
    Array.from({ length: sectionTotal }, () => 1),
    0,
  );
  const schools: SchoolPlan[] = [];
  const sections: SectionPlan[] = [];
  let teacherBase = 0;
  let studentBase = 0;
  for (let i = 0; i < opts.schools; i++) {
    const id = i + 1;
    const [upazilla, district, division] = rng.pick(N.HOME_PLACES);
    const [kind, kindShort] = rng.pick(SCHOOL_KINDS);
    const shortName = `${upazilla.slice(0, 3).toUpperCase()}${kindShort}${id}`;
    const sectionCount = sectionsOf[i];
    // About 1.35 teachers a section (36 periods a week each, 25-28 for a teacher), never fewer
    // than the sections, or a period would need one teacher twice.
    const teacherCount = Math.max(sectionCount + 2, Math.ceil(sectionCount * 1.35) + 2);
    schools.push({
      id,
      // A bijection of the school number onto six digits: distinct for up to 900,000 schools.
      eiin: String(100000 + ((id * 7919 + opts.seed * 104729) % 900000)),
      name: `${upazilla} ${kind}`,
      shortName,
      domain: `${shortName.toLowerCase()}.edu.bd`,
      district,
      upazilla,
      division,
      // Friday is off everywhere; about a quarter of the schools also close on Saturday.
      offDays: rng.chance(0.25) ? [6, 7] : [6],
      teacherBase,
      teacherCount,
      sectionCount,
    });
    teacherBase += teacherCount;
    // Sections spread over classes Six to Ten, lower classes first when they do not divide evenly.
    const perClass = apportion(sectionCount, [1.04, 1.03, 1.02, 1.01, 1], 0);
    let ord = 0;
    perClass.forEach((count, c) => {
      for (let k = 0; k < count; k++) {
        const size = sizes[sections.length];
        const classNo = c + 6;
        sections.push({
          id: sections.length + 1,
          schoolId: id,
          ord: ord++,
          classNo,
          name: String.fromCharCode(65 + k),
          group: classNo >= 9 ? GROUPS[k % GROUPS.length] : null,
          size,
          studentBase,
        });
        studentBase += size;
      }
    });
  }
  return { schools, sections, teacherTotal: teacherBase, sectionTotal };
}

// ------------------------------------------------------------------------ the database

/** The school days to fill: the last `days` before today, per school, within today's session year. */
function dateWindow(today: string, days: number) {
  const end = DateTime.fromISO(today, { zone: TIME_ZONE }).minus({ days: 1 });
  const yearStart = end.startOf('year');
  // Seven calendar days hold at least five school days; a week more for safety.
  const start = DateTime.max(yearStart, end.minus({ days: Math.ceil((days * 7) / 5) + 7 }));
  return { start: start.toISODate()!, end: end.toISODate()! };
}

type Marker = DistrictSummary['params'] & { counts: Record<string, number>; seconds: number; version?: number };

async function readMarker(client: pg.ClientBase): Promise<Marker | null> {
  const { rows } = await client.query<{ comment: string | null }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = current_database()`,
  );
  try {
    const parsed = JSON.parse(rows[0]?.comment ?? '') as Record<string, Marker>;
    return parsed[MARKER_KEY] ?? null;
  } catch {
    return null;
  }
}

async function databaseSize(client: pg.ClientBase) {
  const { rows } = await client.query<{ size: string; bytes: string }>(
    `select pg_size_pretty(pg_database_size(current_database())) as size, pg_database_size(current_database()) as bytes`,
  );
  return { size: rows[0].size, sizeBytes: Number(rows[0].bytes) };
}

/**
 * Drops the indexes and keys of the given tables (and the keys pointing at them) and returns a
 * function that puts them back exactly as they were: the catalogue's own definitions, so whatever
 * the migrations made is what comes back.
 */
async function withoutIndexes(client: pg.ClientBase, tables: string[]) {
  const { rows: constraints } = await client.query<{ tbl: string; name: string; type: string; def: string }>(
    `select c.conrelid::regclass::text as tbl, c.conname as name, c.contype as type, pg_get_constraintdef(c.oid) as def
       from pg_constraint c
      where (c.conrelid = any($1::regclass[]) and c.contype in ('p', 'u', 'f'))
         or (c.confrelid = any($1::regclass[]) and c.contype = 'f')
      order by c.contype desc, c.conname`,
    [tables],
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid
                          and c.contype in ('p', 'u', 'x'))`,
    [tables],
  );
  const keys = constraints.filter((c) => c.type === 'f');
  const uniques = constraints.filter((c) => c.type !== 'f');
  for (const c of [...keys, ...uniques]) await client.query(`alter table ${c.tbl} drop constraint "${c.name}"`);
  for (const i of indexes) await client.query(`drop index ${i.name}`);
  return async () => {
    for (const i of indexes) await client.query(i.def);
    for (const c of [...uniques, ...keys])
      await client.query(`alter table ${c.tbl} add constraint "${c.name}" ${c.def}`);
  };
}

/**
 * Loads the district into the database at `url` (migrated here first). Refuses a database that
 * already has schools unless they are this very district, which it reports and leaves alone.
 */
export async function seedDistrict(url: string, opts: DistrictOptions): Promise<DistrictSummary> {
  const log = opts.log ?? (() => undefined);
  for (const [name, value] of Object.entries({
    schools: opts.schools,
    students: opts.students,
    days: opts.days,
    seed: opts.seed,
  })) {
    if (!Number.isInteger(value) || value < (name === 'seed' ? 0 : 1))
      throw new Error(`--${name} must be a whole number`);
  }
  if (opts.students < opts.schools)
    throw new Error('Every school needs a student: --students must be at least --schools');
  const today = opts.today ?? DateTime.now().setZone(TIME_ZONE).toISODate()!;
  if (!DateTime.fromISO(today).isValid) throw new Error(`Invalid --today: ${today}`);
  const params = { schools: opts.schools, students: opts.students, days: opts.days, seed: opts.seed, today };
  const base = { params, password: DEMO_PASSWORD, accounts: 'admin<n>, teacher<n>, student<n> for school n' };

  // Two connections: the loading one below, and one for the migrations and reference data.
  const handle = fromPostgres(url, { max: 2 });
  const client = await handle.pool.connect();
  let stale: Marker | null = null;
  try {
    await handle.migrate();
    const marker = await readMarker(client);
    const same =
      marker &&
      marker.schools === params.schools &&
      marker.students === params.students &&
      marker.days === params.days &&
      marker.seed === params.seed &&
      (opts.today === undefined || marker.today === opts.today);
    if (same && (marker.version ?? 1) !== DISTRICT_VERSION) {
      stale = marker;
    } else if (same) {
      log(`The district (${describe(marker)}) is already in this database: nothing to do.`);
      return {
        ...base,
        params: { ...params, today: marker.today },
        reused: true,
        counts: marker.counts,
        seconds: 0,
        ...(await databaseSize(client)),
      };
    }
    // A stale district is made again below, once this connection is closed.
    if (!stale) {
      const { rows: existing } = await client.query(`select 1 from schools limit 1`);
      if (existing.length) {
        throw new Error(
          marker
            ? `This database holds another district (${describe(marker)}); use --replace to make a new one.`
            : 'This database already has schools; the district goes into a database of its own (use --replace to wipe it).',
        );
      }
      await seedReference(handle.db);
      const started = performance.now();
      const counts = await load(client, { ...opts, today }, log);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      const markerValue: Marker = { ...params, counts, seconds, version: DISTRICT_VERSION };
      const { rows: db } = await client.query<{ name: string }>(`select current_database() as name`);
      await client.query(
        `comment on database "${db[0].name.replace(/"/g, '""')}" is ${lit(JSON.stringify({ [MARKER_KEY]: markerValue }))}`,
      );
      return { ...base, reused: false, counts, seconds, ...(await databaseSize(client)) };
    }
  } finally {
    client.release();
    await handle.close();
  }
  // The same parameters, but made by an older generator: the database is made afresh and loaded again.
  log(
    `The district in this database (${describe(stale)}) was made by generator version ${stale.version ?? 1}, not ${DISTRICT_VERSION}: making it again.`,
  );
  await recreateDatabase(url);
  return seedDistrict(url, opts);
}

/** Drops and creates the database `url` names (from the server's `postgres` database). */
async function recreateDatabase(url: string) {
  const adminUrl = new URL(url);
  const name = decodeURIComponent(adminUrl.pathname.slice(1));
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    await admin.query(`drop database if exists ${quoted} with (force)`);
    await admin.query(`create database ${quoted}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

const describe = (m: Marker) =>
  `${m.schools} schools, ${m.students} students, ${m.days} days, seed ${m.seed}, today ${m.today}`;

async function load(
  client: pg.ClientBase,
  opts: DistrictOptions & { today: string },
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const rnd = rndOf(opts.seed);
  const plan = planDistrict(opts);
  const counts: Record<string, number> = {};
  const step = async (label: string, statement: string, values: unknown[] = []) => {
    const t0 = performance.now();
    const result = await client.query(statement, values);
    log(`  ${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return result.rowCount ?? 0;
  };
  // The same hash for every account: one scrypt run instead of 30,000; strong enough that sign-in
  // does not re-hash, so a benchmark's sign-ins do not write.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const sessionYear = opts.today.slice(0, 4);
  const window = dateWindow(opts.today, opts.days);

  await client.query('begin');
  try {
    await client.query(`set local work_mem = '256MB'`);
    await client.query(`set local maintenance_work_mem = '1GB'`);
    await client.query(`set local synchronous_commit = off`);
    await client.query(`insert into academic_sessions (session_year) values ($1) on conflict do nothing`, [
      sessionYear,
    ]);
    const ref = (
      await client.query<Record<string, number>>(
        `select (select id from academic_sessions where session_year = $1) as session,
                (select id from shifts where name = 'Day') as shift,
                (select id from school_types where code = 'SEC') as school_type`,
        [sessionYear],
      )
    ).rows[0];

    // ---- the plan, as temporary tables the statements below join to
    await client.query(
      `
      create temp table plan_school on commit drop as
      select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                           $9::text[], $10::int[], $11::int[], $12::int[])
        as t(id, eiin, name, short_name, domain, district, upazilla, division, off_days, teacher_base, teacher_count, section_count)`,
      [
        plan.schools.map((s) => s.id),
        plan.schools.map((s) => s.eiin),
        plan.schools.map((s) => s.name),
        plan.schools.map((s) => s.shortName),
        plan.schools.map((s) => s.domain),
        plan.schools.map((s) => s.district),
        plan.schools.map((s) => s.upazilla),
        plan.schools.map((s) => s.division),
        plan.schools.map((s) => `{${s.offDays.join(',')}}`),
        plan.schools.map((s) => s.teacherBase),
        plan.schools.map((s) => s.teacherCount),
        plan.schools.map((s) => s.sectionCount),
      ],
    );
    await client.query(
      `
      create temp table plan_section on commit drop as
      select t.*, c.id as class_id, g.id as group_id
        from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::int[], $8::int[])
          as t(id, school_id, ord, class_no, name, group_name, size, student_base)
        join classes c on c.class_code = t.class_no::text
          and c.school_type_id = ${ref.school_type}
        left join student_groups g on g.name = t.group_name`,
      [
        plan.sections.map((s) => s.id),
        plan.sections.map((s) => s.schoolId),
        plan.sections.map((s) => s.ord),
        plan.sections.map((s) => s.classNo),
        plan.sections.map((s) => s.name),
        plan.sections.map((s) => s.group),
        plan.sections.map((s) => s.size),
        plan.sections.map((s) => s.studentBase),
      ],
    );
    await client.query(
      `
      create temp table plan_template on commit drop as
      select t.ord, t.department, p.code, p.k
        from unnest($1::int[], $2::text[], $3::text[]) as t(ord, department, codes),
             unnest(string_to_array(t.codes, ',')) with ordinality as p(code, k)`,
      [
        TEACHER_TEMPLATES.map((_, i) => i),
        TEACHER_TEMPLATES.map((t) => t.department),
        TEACHER_TEMPLATES.map((t) => t.subjects.join(',')),
      ],
    );

    // User ids: 1 super admin, 2 viewer, 2 + n the admin of school n, then teachers, then students.
    const teacherUserBase = 2 + plan.schools.length;
    const studentUserBase = teacherUserBase + plan.teacherTotal;
    // Distinct mobile numbers: a bijection of the user id onto eight digits (4567891 is coprime to 10^8).
    const phoneOf = (id: string) =>
      `'01' || (array['3','4','5','6','7','8','9'])[1 + (${id}) % 7] || lpad(((((${id})::bigint * 4567891 + 23456789) % 100000000))::text, 8, '0')`;
    const boys = textArray([...N.MUSLIM_BOY_NAMES]);
    const girls = textArray([...N.MUSLIM_GIRL_NAMES]);
    const hinduBoys = textArray([...N.HINDU_BOY_NAMES]);
    const hinduGirls = textArray([...N.HINDU_GIRL_NAMES]);
    const surnames = textArray([...N.MUSLIM_SURNAMES]);
    const hinduSurnames = textArray([...N.HINDU_SURNAMES]);
    const fathers = textArray([...N.MUSLIM_FATHER_NAMES]);
    const hinduFathers = textArray([...N.HINDU_FATHER_NAMES]);
    const mothers = textArray([...N.MUSLIM_MOTHER_NAMES]);
    const hinduMothers = textArray([...N.HINDU_MOTHER_NAMES]);
    const motherSurnames = textArray([...N.MUSLIM_MOTHER_SURNAMES]);
    const villages = textArray([...N.VILLAGES]);
    const bloodGroups = textArray(N.BLOOD_GROUPS.flatMap(([g, w]) => Array<string>(w).fill(g)));

    // ---- schools
    counts.schools = await step(
      'schools',
      `insert into schools (id, eiin, school_name, short_name, school_type_id, division_id, district, upazilla, street,
                            phone, email, head_name, head_phone, head_email, time_zone, weekly_off_days)
       select p.id, p.eiin, p.name, p.short_name, ${ref.school_type}, d.id, p.district, p.upazilla,
              'School Road, ' || p.upazilla || ', ' || p.district, ${phoneOf('p.id + 90000000')}, 'info@' || p.domain,
              'Head Teacher of ' || p.short_name, ${phoneOf('p.id + 91000000')}, 'head@' || p.domain, '${TIME_ZONE}',
              p.off_days::smallint[]
         from plan_school p join divisions d on d.name = p.division`,
    );

    // ---- people, planned in temporary tables, then users and their school records from them
    await client.query(`
      create temp table p_teacher on commit drop as
      select p.teacher_base + k as id, ${teacherUserBase} + p.teacher_base + k as user_id, p.id as school_id, k,
             'T-' || p.id || '-' || lpad(k::text, 3, '0') as code,
             case when k = 1 then 'teacher' || p.id else 'T-' || p.id || '-' || lpad(k::text, 3, '0') end as user_code,
             ${rnd(`(p.teacher_base + k) * 16`, 1)} < 0.45 as female,
             ${rnd(`(p.teacher_base + k) * 16`, 2)} as u1, ${rnd(`(p.teacher_base + k) * 16`, 3)} as u2,
             ${rnd(`(p.teacher_base + k) * 16`, 4)} as u3, p.domain
        from plan_school p, generate_series(1, p.teacher_count) k`);
    await client.query(`
      create temp table p_student on commit drop as
      select s.student_base + r as id, ${studentUserBase} + s.student_base + r as user_id, s.school_id,
             s.id as section_id, s.class_id, s.class_no, s.group_id, r as roll,
             'S-' || s.school_id || '-' || lpad((s.student_base + r - f.first_base)::text, 5, '0') as code,
             case when s.student_base + r - f.first_base = 1 then 'student' || s.school_id
                  else 'S-' || s.school_id || '-' || lpad((s.student_base + r - f.first_base)::text, 5, '0') end as user_code,
             ${rnd(`(s.student_base + r) * 16`, 5)} < 0.5 as female,
             ${rnd(`(s.student_base + r) * 16`, 6)} < 0.1 as hindu,
             p.domain, p.division
        from plan_section s
        join (select school_id, min(student_base) as first_base from plan_section group by school_id) f using (school_id)
        join plan_school p on p.id = s.school_id,
        generate_series(1, s.size) r`);
    const firstName = (female: string, hindu: string, u: string) =>
      `case when ${hindu} then case when ${female} then ${pickFrom(hinduGirls, u)} else ${pickFrom(hinduBoys, u)} end
            else case when ${female} then ${pickFrom(girls, u)} else ${pickFrom(boys, u)} end end`;
    const lastName = (hindu: string, u: string) =>
      `case when ${hindu} then ${pickFrom(hinduSurnames, u)} else ${pickFrom(surnames, u)} end`;
    await client.query(`
      create temp table p_student_names on commit drop as
      select id, ${firstName('female', 'hindu', rnd('id * 16', 7))} as first_name,
             ${lastName('hindu', rnd('id * 16', 8))} as last_name from p_student`);

    counts.users = await step(
      'users',
      `insert into users (id, user_code, user_type, email, phone, password_hash, school_id, first_name, last_name)
       select 1, 'superadmin', ${UT.superAdmin}, 'superadmin@pathshala.app', ${phoneOf('1')}, $1, null::int, 'Super', 'Admin'
       union all
       select 2, 'viewer1', ${UT.viewer}, 'viewer1@district.gov.bd', ${phoneOf('2')}, $1, null, 'District', 'Officer'
       union all
       select 2 + p.id, 'admin' || p.id, ${UT.schoolAdmin}, 'admin@' || p.domain, ${phoneOf('2 + p.id')}, $1, p.id,
              ${pickFrom(boys, rnd('p.id * 16', 9))}, ${pickFrom(surnames, rnd('p.id * 16', 10))}
         from plan_school p
       union all
       select t.user_id, t.user_code, ${UT.teacher}, lower(t.code) || '@' || t.domain, ${phoneOf('t.user_id')}, $1,
              t.school_id, ${firstName('t.female', 'false', 't.u1')}, ${lastName('false', 't.u2')}
         from p_teacher t
       union all
       select s.user_id, s.user_code, ${UT.student}, lower(s.code) || '@students.' || s.domain, ${phoneOf('s.user_id')},
              $1, s.school_id, n.first_name, n.last_name
         from p_student s join p_student_names n using (id)`,
      [passwordHash],
    );
    await client.query(`insert into viewer_schools (user_id, school_id) select 2, id from plan_school`);
    await client.query(
      `insert into school_admins (user_id, school_id, admin_code) select 2 + id, id, 'ADM-' || id from plan_school`,
    );
    counts.teachers = await step(
      'teachers',
      `insert into teachers (id, user_id, school_id, teacher_code, title, first_name, last_name, initial, mobile, email,
                             designation, department, mpo_status, index_no, blood_group, dob, subject_code)
       select t.id, t.user_id, t.school_id, t.code, case when t.female then 'Mrs.' else 'Mr.' end, u.first_name, u.last_name,
              upper(left(u.first_name, 1) || left(u.last_name, 1)) || t.k, u.phone, u.email,
              case when t.k = 1 then 'Head Teacher' when t.k = 2 then 'Assistant Head Teacher'
                   when t.k <= 6 then 'Senior Teacher' else 'Assistant Teacher' end,
              tp.department, case when t.u3 < 0.8 then 'MPO' else 'Non-MPO' end,
              case when t.u3 < 0.8 then lpad((floor(t.u3 * 10000000))::text, 7, '0') else '' end,
              ${pickFrom(bloodGroups, 't.u2')},
              make_date(${Number(opts.today.slice(0, 4))} - 28 - floor(t.u1 * 30)::int, 1 + floor(t.u2 * 12)::int, 1 + floor(t.u3 * 28)::int),
              (select code from plan_template x where x.ord = tp.ord and x.k = 1)
         from p_teacher t
         join users u on u.id = t.user_id
         join (select distinct ord, department from plan_template) tp on tp.ord = (t.k - 1) % ${TEACHER_TEMPLATES.length}`,
    );
    counts.students = await step(
      'students',
      `insert into students (id, user_id, school_id, student_code, first_name, last_name, mobile_no, email, gender_id,
                             division_id, present_address, permanent_address, father_name, father_phone_number,
                             mother_name, mother_phone_number, dob, blood_group)
       select s.id, s.user_id, s.school_id, s.code, n.first_name, n.last_name, u.phone, u.email, g.id, d.id,
              'House ' || (1 + floor(${rnd('s.id * 16', 11)} * 200)::int) || ', ' || pl.upazilla || ', ' || pl.district,
              'Vill: ' || ${pickFrom(villages, rnd('s.id * 16', 12))} || ', ' || pl.upazilla || ', ' || pl.district,
              case when s.hindu then ${pickFrom(hinduFathers, rnd('s.id * 16', 13))} || ' Kumar ' || n.last_name
                   else 'Md. ' || ${pickFrom(fathers, rnd('s.id * 16', 13))} || ' ' || n.last_name end,
              '01' || (7 + floor(${rnd('s.id * 16', 14)} * 3)::int) || lpad(floor(${rnd('s.id * 16', 15)} * 100000000)::text, 8, '0'),
              case when s.hindu then ${pickFrom(hinduMothers, rnd('s.id * 16 + 1', 1))} || ' Rani ' || n.last_name
                   else ${pickFrom(mothers, rnd('s.id * 16 + 1', 1))} || ' ' || ${pickFrom(motherSurnames, rnd('s.id * 16 + 1', 2))} end,
              '01' || (7 + floor(${rnd('s.id * 16 + 1', 3)} * 3)::int) || lpad(floor(${rnd('s.id * 16 + 1', 4)} * 100000000)::text, 8, '0'),
              make_date(${Number(opts.today.slice(0, 4))} - s.class_no - 6 - (${rnd('s.id * 16 + 1', 5)} < 0.15)::int,
                        1 + floor(${rnd('s.id * 16 + 1', 6)} * 12)::int, 1 + floor(${rnd('s.id * 16 + 1', 7)} * 28)::int),
              ${pickFrom(bloodGroups, rnd('s.id * 16 + 1', 8))}
         from p_student s
         join p_student_names n using (id)
         join users u on u.id = s.user_id
         join plan_school pl on pl.id = s.school_id
         join genders g on g.name = case when s.female then 'Female' else 'Male' end
         join divisions d on d.name = s.division`,
    );

    // ---- sections, periods, enrolments
    counts.sections = await step(
      'sections',
      `insert into sections (id, school_id, class_id, shift_id, section_default_name)
       select id, school_id, class_id, ${ref.shift}, name from plan_section`,
    );
    counts.periods = await step(
      'periods',
      `insert into periods (id, school_id, shift_id, period_code, serial, start_time, end_time)
       select (p.id - 1) * ${PERIODS_A_DAY} + t.serial, p.id, ${ref.shift}, t.code, t.serial, t.start_time::time, t.end_time::time
         from plan_school p,
              unnest($1::text[], $2::text[], $3::text[]) with ordinality as t(code, start_time, end_time, serial)`,
      [PERIOD_TIMES.map((t) => t[0]), PERIOD_TIMES.map((t) => t[1]), PERIOD_TIMES.map((t) => t[2])],
    );
    counts.enrolments = await step(
      'enrolments',
      `insert into enrolments (id, school_id, student_id, session_id, shift_id, class_id, section_id, group_id, class_roll_no)
       select id, school_id, id, ${ref.session}, ${ref.shift}, class_id, section_id, group_id, roll from p_student`,
    );

    // ---- the weekly routine. Teacher (section + period + 6 day) mod staff takes a section in a
    // period: for one day and period the school's sections get distinct teachers (staff >= sections),
    // and over the week each teacher meets each section a few times. The subject is one of the
    // teacher's subjects the section takes (its class, and its group for Nine and Ten), varying by day.
    counts.routines = await step(
      'routines',
      `insert into routines (id, school_id, session_id, shift_id, class_id, section_id, day_id, period_id, subject_id,
                             teacher_id, room, created_at)
       select row_number() over (order by s.id, d.k, per.serial), s.school_id, ${ref.session}, ${ref.shift}, s.class_id, s.id,
              d.day_id, (s.school_id - 1) * ${PERIODS_A_DAY} + per.serial, subj.id,
              p.teacher_base + 1 + (s.ord + per.serial - 1 + ${PERIODS_A_DAY} * (d.k - 1)) % p.teacher_count,
              -- The section's own room: a shared lab here would put two sections in it at once.
              (101 + s.ord)::text,
              timestamptz '${window.start} 09:00+06'
         from plan_section s
         join plan_school p on p.id = s.school_id
         cross join lateral (
           select day_id, row_number() over (order by (day_id + 1) % 7) as k
             from generate_series(1, 7) day_id where day_id <> all (p.off_days::smallint[])
         ) d
         cross join generate_series(1, ${PERIODS_A_DAY}) per(serial)
         cross join lateral (
           select (array_agg(sub.id order by x.k))[1 + ((d.k + per.serial) % count(*))::int] as id,
                  (array_agg(sub.subject_code order by x.k))[1 + ((d.k + per.serial) % count(*))::int] as code
             from plan_template x
             join subjects sub on sub.class_id = s.class_id and sub.subject_code = x.code
              and (sub.group_id is null or sub.group_id = s.group_id)
            where x.ord = (s.ord + per.serial - 1 + ${PERIODS_A_DAY} * (d.k - 1)) % p.teacher_count % ${TEACHER_TEMPLATES.length}
         ) subj`,
    );

    // ---- notices: a few from the admin to the whole school, and from teacher<n> to sections it teaches
    const adminNotices = ADMIN_NOTICES.slice(0, 3);
    counts.notices = await step(
      'notices',
      `insert into notices (school_id, creator_user_id, type, session_id, class_id, section_id, headline, description,
                            publishing_date, created_at, updated_at)
       select p.id, 2 + p.id, 2, ${ref.session}, null, null, h.headline, h.description, d, d + time '09:30', d + time '09:30'
         from plan_school p,
              unnest($1::text[], $2::text[]) with ordinality as h(headline, description, k),
              lateral (select date '${opts.today}' - (3 + 5 * h.k::int + floor(${rnd('p.id * 16 + h.k', 20)} * 4)::int) as d) x
       union all
       select r.school_id, t.user_id, 1, ${ref.session}, r.class_id, case when r.k = 1 then r.section_id end,
              case when r.k = 1 then 'Class test next week' else 'Bring your geometry box' end,
              case when r.k = 1 then 'There will be a class test on the last two chapters. Full marks 20, time 40 minutes.'
                   else 'All students of the class must bring a geometry box to every mathematics class.' end,
              date '${opts.today}' - (2 + 3 * r.k::int), date '${opts.today}' - (2 + 3 * r.k::int) + time '14:00',
              date '${opts.today}' - (2 + 3 * r.k::int) + time '14:00'
         from (select school_id, teacher_id, class_id, section_id, row_number() over (partition by school_id order by section_id) as k
                 from (select distinct school_id, teacher_id, class_id, section_id from routines r
                        where r.teacher_id = (select teacher_base + 1 from plan_school p where p.id = r.school_id)) q) r
         join teachers t on t.id = r.teacher_id
        where r.k <= 2`,
      [adminNotices.map((n) => n[0]), adminNotices.map((n) => n[1])],
    );

    // ---- attendance: every routine slot on each of the school's last N school days, taken a few
    // minutes after the period ends; marks for the section's enrolled students. A student misses
    // whole days at their own rate (most 2-12%, one in twenty 25-40%) and a single period 1% of the time.
    await client.query(`
      create temp table school_days on commit drop as
      select id as school_id, date, day_id from (
        select s.id, d::date as date, (extract(isodow from d)::int % 7 + 1) as day_id,
               row_number() over (partition by s.id order by d desc) as back
          from schools s, generate_series(date '${window.start}', date '${window.end}', interval '1 day') d
         where (extract(isodow from d)::int % 7 + 1) <> all (s.weekly_off_days)
      ) x where back <= ${opts.days}`);
    const { rows: short } = await client.query<{ n: string }>(
      `select count(*) as n from (select school_id from school_days group by school_id having count(*) < ${opts.days}) x`,
    );
    if (Number(short[0].n) > 0) {
      log(
        `  note: ${short[0].n} schools have fewer than ${opts.days} school days in ${sessionYear} before ${opts.today}; they get what there is`,
      );
    }
    counts.schoolDays = Number(
      (await client.query<{ n: string }>(`select count(distinct date) as n from school_days`)).rows[0].n,
    );

    // The read model (attendance_section_days) is kept by statement triggers that would recount
    // every section-day from a transition table of all 36 million marks: off for the load, and the
    // model is rebuilt in one pass afterwards.
    await client.query(`alter table attendance_takings disable trigger user`);
    await client.query(`alter table attendance_marks disable trigger user`);
    const restore = await withoutIndexes(client, ['attendance_takings', 'attendance_marks']);
    counts.attendanceTakings = await step(
      'attendance takings',
      `insert into attendance_takings (school_id, routine_id, date, taken_time, taken_by_user_id, created_at, updated_at)
       select r.school_id, r.id, sd.date, tt.taken, t.user_id, (sd.date + tt.taken) at time zone '${TIME_ZONE}',
              (sd.date + tt.taken) at time zone '${TIME_ZONE}'
         from school_days sd
         join routines r on r.school_id = sd.school_id and r.day_id = sd.day_id
         join periods p on p.id = r.period_id
         join teachers t on t.id = r.teacher_id,
         lateral (select p.end_time + make_interval(mins => 3 + floor(${rnd(`r.id::bigint * 100000 + (sd.date - date '2000-01-01')`, 21)} * 10)::int) as taken) tt
        order by sd.date, r.school_id, p.serial, r.section_id`,
    );
    const absenceRate = `case when ${rnd('e.id', 22)} < 0.05 then 0.25 + 0.15 * ${rnd('e.id', 23)} else 0.02 + 0.10 * ${rnd('e.id', 24)} end`;
    counts.attendanceMarks = await step(
      'attendance marks',
      `insert into attendance_marks (school_id, taking_id, routine_id, date, enrolment_id, status)
       select tk.school_id, tk.id, tk.routine_id, tk.date, e.id,
              case when ${rnd(`e.id::bigint * 100000 + (tk.date - date '2000-01-01')`, 25)} < ${absenceRate}
                     or ${rnd(`tk.id::bigint * 1048576 + e.id`, 26)} < 0.01 then 0 else 1 end
         from attendance_takings tk
         join routines r on r.id = tk.routine_id
         join enrolments e on e.section_id = r.section_id and e.session_id = r.session_id`,
    );
    const t0 = performance.now();
    await restore();
    log(`  indexes and keys of the attendance tables rebuilt in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await client.query(`alter table attendance_takings enable trigger user`);
    await client.query(`alter table attendance_marks enable trigger user`);
    const t1 = performance.now();
    await client.query(`select attendance_section_days_rebuild()`);
    counts.attendanceSectionDays = Number(
      (await client.query<{ n: string }>(`select count(*) as n from attendance_section_days`)).rows[0].n,
    );
    log(
      `  attendance section days (read model): ${counts.attendanceSectionDays} rows in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );

    Object.assign(counts, await loadExams(client, { opts, ref, rnd, step, log }));

    // The sequences continue after the ids given here, so the app's own inserts do not collide.
    for (const table of [
      'schools',
      'users',
      'school_admins',
      'teachers',
      'students',
      'sections',
      'periods',
      'enrolments',
      'routines',
      'exam_types',
      'exams',
    ]) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      );
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
  // Vacuum as well as analyze: it sets the hint bits and the visibility map now, which otherwise
  // the first reads and an autovacuum (due after so many inserts) would do during a benchmark.
  const t0 = performance.now();
  await client.query('vacuum (analyze)');
  log(`  vacuum and analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { rows } = await client.query<{ n: string }>(
    `select count(*) filter (where status = 1) as n from attendance_marks`,
  );
  counts.presentMarks = Number(rows[0].n);
  return counts;
}

// ------------------------------------------------------------------------ where the district lives

export interface DistrictDatabase {
  url: string;
  /** Human words for the log: which server and database. */
  where: string;
  close(): Promise<void>;
}

/**
 * The database the district goes into: with `databaseUrl`, a database of its own on that server
 * (`name`, created when missing; never the one the URL names); otherwise the embedded PostgreSQL
 * in `dataDir` (its `pathshala` database, so `DATA_DIR=<dataDir> npm run serve` serves the
 * district). `replace` drops the database first.
 */
export async function openDistrictDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  name?: string;
  replace?: boolean;
  log?: (line: string) => void;
}): Promise<DistrictDatabase> {
  let serverUrl: string;
  let name: string;
  let stop = async () => {};
  let where: string;
  if (opts.databaseUrl) {
    serverUrl = opts.databaseUrl;
    name = opts.name ?? 'pathshala_district';
    if (new URL(serverUrl).pathname.slice(1) === name) {
      throw new Error(`The district needs a database of its own, not the one DATABASE_URL names (${name}).`);
    }
    where = `database ${name} on ${new URL(serverUrl).host}`;
  } else {
    // Benchmark data only: fsync off for the load (a crash mid-load means loading again).
    const embedded = await startEmbeddedPostgres({ dataDir: opts.dataDir, throwaway: true });
    serverUrl = embedded.url;
    name = new URL(embedded.url).pathname.slice(1);
    stop = () => embedded.stop();
    where = `the embedded PostgreSQL in ${embedded.clusterDir}`;
  }
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  try {
    await admin.connect();
    const quoted = `"${name.replace(/"/g, '""')}"`;
    if (opts.replace) {
      opts.log?.(`Dropping ${where} (--replace).`);
      await admin.query(`drop database if exists ${quoted} with (force)`);
    }
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${quoted}`);
  } catch (err) {
    await stop();
    throw err;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return { url: url.toString(), where, close: stop };
}

// ------------------------------------------------------------------------ exams and marks

/**
 * Exams as the demo has them (server/db/seed/exams.ts), made set-based: each school's default exam
 * types; the previous session complete and published (every exam type for every subject the
 * routine teaches a section, marks for every student, a few absent from class tests), with the
 * subject registrations the grade sheet reads; the current session's first three class tests, the
 * first entered, the second entered by about seven teachers in ten, the third held today (no marks).
 *
 * As in the demo, the previous session keeps each student in the section they are in now, with an
 * enrolment of its own (id: the student's id plus the number of students), and has no attendance,
 * so its grade sheets leave attendance out. The marks are loaded without exam_marks' indexes and
 * keys, which are rebuilt (and checked) in one pass.
 */
async function loadExams(
  client: pg.ClientBase,
  ctx: {
    opts: DistrictOptions & { today: string };
    ref: Record<string, number>;
    rnd: ReturnType<typeof rndOf>;
    step: (label: string, statement: string, values?: unknown[]) => Promise<number>;
    log: (line: string) => void;
  },
): Promise<Record<string, number>> {
  const { opts, ref, rnd, step, log } = ctx;
  const counts: Record<string, number> = {};
  const year = Number(opts.today.slice(0, 4));
  await client.query(`insert into academic_sessions (session_year) values ($1) on conflict do nothing`, [
    String(year - 1),
  ]);
  const previous = (
    await client.query<{ id: number }>(`select id from academic_sessions where session_year = $1`, [String(year - 1)])
  ).rows[0].id;
  const typesOfSchool = DEFAULT_EXAM_TYPES.length;

  counts.examTypes = await step(
    'exam types',
    `insert into exam_types (id, school_id, kind, exam_name, sort_order)
     select (p.id - 1) * ${typesOfSchool} + t.ord, p.id, t.kind, t.exam_name, t.ord
       from plan_school p, unnest($1::text[], $2::text[]) with ordinality as t(kind, exam_name, ord)`,
    [DEFAULT_EXAM_TYPES.map((t) => t.kind), DEFAULT_EXAM_TYPES.map((t) => t.examName)],
  );
  counts.previousEnrolments = await step(
    'previous-session enrolments',
    `insert into enrolments (id, school_id, student_id, session_id, shift_id, class_id, section_id, group_id, class_roll_no)
     select ${opts.students} + id, school_id, id, ${previous}, ${ref.shift}, class_id, section_id, group_id, roll from p_student`,
  );

  // What each section is taught and by whom (the routine's first teacher of it); one optional
  // (4th) subject a section, the lowest code, as in the demo.
  await client.query(`
    create temp table p_taught on commit drop as
    select school_id, class_id, section_id, subject_id, teacher_id from (
      select r.school_id, r.class_id, r.section_id, r.subject_id, min(r.teacher_id) as teacher_id, s.optional,
             row_number() over (partition by r.section_id, s.optional order by s.subject_code) as k
        from routines r join subjects s on s.id = r.subject_id
       where r.session_id = ${ref.session}
       group by r.school_id, r.class_id, r.section_id, r.subject_id, s.optional, s.subject_code) t
     where not optional or k = 1`);
  const kinds = Object.entries(MARKS_OF_KIND);
  const marksOfKind = `(values ${kinds.map(([k, [full, conv]]) => `(${lit(k)}, ${full}, ${conv})`).join(', ')}) as m(kind, full_marks, converted)`;
  const months = `(array[${PREVIOUS_DATES.map((d) => d[0]).join(',')}])`;
  const days = `(array[${PREVIOUS_DATES.map((d) => d[1]).join(',')}])`;
  counts.exams = await step(
    'exams',
    `insert into exams (id, school_id, session_id, exam_type_id, class_id, section_id, subject_id, teacher_id, full_marks,
                        converted_marks, exam_date, created_by_user_id, created_at)
     select row_number() over (order by x.session_id <> ${previous}, x.section_id, x.subject_id, x.exam_type_id),
            x.school_id, x.session_id, x.exam_type_id, x.class_id, x.section_id, x.subject_id, x.teacher_id, x.full_marks,
            x.converted, x.exam_date, 2 + x.school_id, (x.exam_date - 14 + time '10:00') at time zone '${TIME_ZONE}'
       from (
         select t.*, ${previous} as session_id, et.id as exam_type_id, m.full_marks, m.converted,
                make_date(${year - 1}, ${months}[1 + (et.sort_order - 1) % ${PREVIOUS_DATES.length}],
                          ${days}[1 + (et.sort_order - 1) % ${PREVIOUS_DATES.length}]) as exam_date
           from p_taught t join exam_types et on et.school_id = t.school_id join ${marksOfKind} on m.kind = et.kind
         union all
         select t.*, ${ref.session}, et.id, 20, 20, date '${opts.today}' - (56 - 28 * (et.sort_order - 1))
           from p_taught t join exam_types et on et.school_id = t.school_id
          where et.kind = 'class_test' and et.sort_order <= 3
       ) x`,
  );
  counts.previousExams = Number(
    (await client.query<{ n: string }>(`select count(*) as n from exams where session_id = ${previous}`)).rows[0].n,
  );

  // Marks: each student an ability, each paper that ability give or take a little (as the demo);
  // 3% absent from a class test. Current session: the tests held before today; the second one
  // entered for about seven exams in ten.
  await client.query(`alter table exam_marks disable trigger user`);
  const restore = await withoutIndexes(client, ['exam_marks']);
  const ability = `(0.3 + 0.65 * ${rnd('e.student_id', 30)})`;
  const paper = `greatest(0, least(x.full_marks, round((${ability} + (${rnd('x.id::bigint * 1048576 + e.id', 31)} - 0.5) * 0.25) * x.full_marks)))`;
  const absent = `(et.kind = 'class_test' and ${rnd('x.id::bigint * 1048576 + e.id', 32)} < 0.03)`;
  counts.examMarks = await step(
    'exam marks',
    `insert into exam_marks (school_id, exam_id, full_marks, section_id, session_id, enrolment_id, marks_obtained, absent,
                             entered_by_user_id, updated_at)
     select x.school_id, x.id, x.full_marks, x.section_id, x.session_id, e.id,
            case when ${absent} then null else ${paper} end, ${absent},
            coalesce(t.user_id, 2 + x.school_id), (x.exam_date + 3 + time '16:00') at time zone '${TIME_ZONE}'
       from exams x
       join exam_types et on et.id = x.exam_type_id
       join enrolments e on e.section_id = x.section_id and e.session_id = x.session_id
       left join teachers t on t.id = x.teacher_id
      where x.exam_date < date '${opts.today}'
        and (x.session_id = ${previous} or et.sort_order = 1 or ${rnd('x.id', 33)} < 0.7)`,
  );
  const t0 = performance.now();
  await restore();
  await client.query(`alter table exam_marks enable trigger user`);
  log(`  indexes and keys of exam_marks rebuilt in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  counts.absentMarks = Number(
    (await client.query<{ n: string }>(`select count(*) as n from exam_marks where absent`)).rows[0].n,
  );

  // The previous session's subject registrations, as the demo makes them: each student the
  // subjects their section was examined in (their group's electives only), the optional one as 4th.
  counts.subjectRegistrations = await step(
    'subject registrations',
    `insert into subject_registrations (school_id, enrolment_id, class_id, subject_id, fourth)
     select e.school_id, e.id, e.class_id, s.id, s.optional
       from p_taught t
       join subjects s on s.id = t.subject_id
       join enrolments e on e.section_id = t.section_id and e.session_id = ${previous}
      where s.group_id is null or s.group_id = e.group_id`,
  );
  counts.resultPublications = await step(
    'result publications',
    `insert into result_publications (school_id, session_id, published, locked, published_at, published_by_user_id)
     select id, ${previous}, true, true, timestamptz '${year}-01-10 11:00+06', 2 + id from plan_school`,
  );
  return counts;
}
