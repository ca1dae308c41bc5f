/**
 * Demo homework: for every section, homework in three of the subjects its routine
 * has, one set in each of the last three weeks (the newest still open), and a mix of answers:
 * on time, late, missing. One in three homework carries a small generated PDF; every answer is
 * one of a few generated text files, stored once each through server/storage (content-addressed),
 * in the upload folder the configuration names. Set-based inserts: no query per row.
 */
import type { DateTime } from 'luxon';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { enrolments, homework, homeworkSubmissions, routines } from '../schema';
import { loadConfig } from '../../config';
import { storeBytes, uploadDirOf, type StoredFile } from '../../storage/files';

const HOMEWORK_PER_SECTION = 3;

/** A one-page PDF showing `lines` (enough for any reader, and for file-type to see a PDF). */
export function tinyPdf(lines: string[]): Uint8Array {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = lines.map((l, i) => `BT /F1 14 Tf 72 ${720 - i * 22} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const ANSWERS = [
  'My answers to this week’s homework.\n1. Done.\n2. Done.\n3. Shown in my exercise book.\n',
  'Homework answers\n\nI have solved every question; question 4 was hard.\n',
  'Answers:\n(a) 12\n(b) 7.5\n(c) See the working below.\n',
  'আমার বাড়ির কাজ: সব প্রশ্নের উত্তর লিখেছি।\n',
];

export async function seedHomework(tx: Tx, today: DateTime): Promise<Record<string, number>> {
  const dir = uploadDirOf(loadConfig());
  const answers: StoredFile[] = [];
  for (const [i, text] of ANSWERS.entries()) {
    answers.push(await storeBytes(dir, Buffer.from(text, 'utf8'), `answers-${i + 1}.txt`, 'text/plain; charset=utf-8'));
  }
  const sheet = await storeBytes(
    dir,
    tinyPdf(['Pathshala homework sheet', 'Answer every question in your exercise book.', 'Show your working.']),
    'homework-sheet.pdf',
    'application/pdf',
  );

  // What each section is taught, and by whom, from its routine: the first subjects by id.
  const taught = await tx
    .selectDistinct({
      schoolId: routines.schoolId,
      sessionId: routines.sessionId,
      classId: routines.classId,
      sectionId: routines.sectionId,
      subjectId: routines.subjectId,
      teacherId: routines.teacherId,
    })
    .from(routines)
    .orderBy(routines.sectionId, routines.subjectId, routines.teacherId);
  const perSection = new Map<number, typeof taught>();
  for (const r of taught) {
    const list = perSection.get(r.sectionId) ?? [];
    if (list.length < HOMEWORK_PER_SECTION && !list.some((x) => x.subjectId === r.subjectId)) list.push(r);
    perSection.set(r.sectionId, list);
  }
  const topics = ['Chapter exercises', 'Short questions', 'Revision worksheet'];
  const values: (typeof homework.$inferInsert)[] = [];
  let n = 0;
  for (const list of perSection.values()) {
    list.forEach((r, week) => {
      const issue = today.minus({ days: 7 * week + 3 });
      const withSheet = n++ % 3 === 0;
      values.push({
        ...r,
        topic: `${topics[week]} ${week + 1}`,
        details: 'Answer every question. Write neatly and submit a photo or a file of your work.',
        issueDate: issue.toISODate()!,
        dueDate: issue.plus({ days: 5 }).toISODate()!,
        fileSha256: withSheet ? sheet.sha256 : null,
        fileName: withSheet ? sheet.name : null,
        fileType: withSheet ? sheet.type : null,
        fileSize: withSheet ? sheet.size : null,
      });
    });
  }
  if (!values.length) return { homework: 0, homeworkSubmissions: 0 };
  await tx.insert(homework).values(values);

  // Answers: 6 in 10 on time, 2 in 10 late (closed homework only), the rest missing.
  const files = sql.join(
    answers.map((f, i) => sql`(${i}::int, ${f.sha256}::text, ${f.name}::text, ${f.type}::text, ${f.size}::int)`),
    sql`, `,
  );
  const todayIso = today.toISODate()!;
  await tx.execute(sql`
    insert into ${homeworkSubmissions}
      (school_id, homework_id, student_id, submitted_at, late, file_sha256, file_name, file_type, file_size)
    select x.school_id, x.id, x.student_id,
      case when x.late then (x.due_date + 1 + time '10:30') at time zone 'Asia/Dhaka'
           else (x.issue_date + 1 + time '16:00') at time zone 'Asia/Dhaka' end,
      x.late, f.sha, f.name, f.type, f.size
    from (
      select h.school_id, h.id, h.issue_date, h.due_date, e.student_id, ((e.id * 7 + h.id) % 10) as k,
        (((e.id * 7 + h.id) % 10) in (6, 7) and h.due_date < ${todayIso}::date) as late
      from ${homework} h join ${enrolments} e on e.section_id = h.section_id and e.session_id = h.session_id
    ) x
    join (values ${files}) f(i, sha, name, type, size) on f.i = x.student_id % ${answers.length}::int
    where x.k < 6 or x.late`);
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(homeworkSubmissions);
  return { homework: values.length, homeworkSubmissions: count };
}
