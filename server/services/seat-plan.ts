/**
 * An exam's seat plan (docs/DOMAIN.md, "The school's documents"): the sections sitting papers of
 * the named paper's exam type on its date (every date when it has none), each in its home room
 * (the room its routine uses most in the session: the routine's rooms), the students of the
 * sections sharing a room seated in turn by roll so that neighbours are of different sections, two
 * to a bench. One page (or more) per room, A4, a table of seat, bench, class and section, roll,
 * name and code.
 */
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { dashboardsBn } from '@/i18n/areas/dashboards.bn';
import { dashboardsEn } from '@/i18n/areas/dashboards.en';
import { localDigits } from '@/i18n/digits';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { notFound } from '../errors';
import { bnOr } from './bangla-names';
import { fonts, line, type PdfLanguage } from './gradesheet-pdf';
import { documentLanguage, type PdfFile } from './pdf-files';

const LABELS = { en: dashboardsEn.seatPlan, bn: dashboardsBn.seatPlan } as const;
const A4 = { width: 595.28, height: 841.89, margin: 40 };
export const SEATS_PER_PAGE = 34;

interface Sitter {
  room: string;
  section_id: number;
  class_name: string;
  class_name_bn: string;
  section_default_name: string;
  class_roll_no: number;
  full_name: string;
  student_code: string;
  school_name: string;
  exam_name: string;
  exam_name_bn: string;
}

export interface Seat extends Sitter {
  seat: number;
  bench: number;
}

/** Who sits the exam and each section's home room (one statement). */
async function sitters(
  db: DbOrTx,
  exam: { school_id: number; exam_name_id: number; session_id: number; exam_date: string | null },
) {
  return rowsOf<Sitter>(
    await db.execute(sql`with sitting as (
        select distinct e.section_id from exams e
        where e.school_id = ${exam.school_id} and e.exam_type_id = ${exam.exam_name_id} and e.session_id = ${exam.session_id}
          ${exam.exam_date ? sql`and e.exam_date = ${exam.exam_date}::date` : sql``}),
      home as (
        select distinct on (r.section_id) r.section_id, r.room from routines r join sitting on sitting.section_id = r.section_id
        where r.session_id = ${exam.session_id} and r.room <> ''
        group by r.section_id, r.room order by r.section_id, count(*) desc, r.room)
      select coalesce(home.room, sec.section_default_name) as room, sec.id as section_id, c.class_name, c.class_name_bn,
        sec.section_default_name, en.class_roll_no,
        concat_ws(' ', s.first_name, nullif(s.middle_name, ''), nullif(s.last_name, '')) as full_name, s.student_code,
        sch.school_name, et.exam_name, et.exam_name_bn
      from sitting
      join sections sec on sec.id = sitting.section_id
      join classes c on c.id = sec.class_id
      left join home on home.section_id = sitting.section_id
      join enrolments en on en.section_id = sitting.section_id and en.session_id = ${exam.session_id}
      join students s on s.id = en.student_id and s.left_on is null
      join schools sch on sch.id = ${exam.school_id}
      join exam_types et on et.id = ${exam.exam_name_id}
      order by 1, c.sort_order, sec.section_default_name, en.class_roll_no`),
  );
}

/**
 * The seats: per room, its sections' students taken in turn (the first of each section by roll,
 * then the second, ...), numbered from 1, two to a bench.
 */
export function seatsOf(rows: readonly Sitter[]): Seat[] {
  const rooms = new Map<string, Map<number, Sitter[]>>();
  for (const r of rows) {
    const room = rooms.get(r.room) ?? new Map<number, Sitter[]>();
    rooms.set(r.room, room);
    room.set(r.section_id, [...(room.get(r.section_id) ?? []), r]);
  }
  const seats: Seat[] = [];
  for (const sections of rooms.values()) {
    const queues = [...sections.values()];
    let seat = 0;
    for (let i = 0; queues.some((q) => i < q.length); i++)
      for (const q of queues) if (i < q.length) seats.push({ ...q[i], seat: ++seat, bench: Math.ceil(seat / 2) });
  }
  return seats;
}

export async function seatPlanPdf(seats: readonly Seat[], lang: PdfLanguage, date: string | null): Promise<Buffer> {
  const l = LABELS[lang];
  const digits = (t: string) => localDigits(t, lang);
  const doc = new PDFDocument({ size: 'A4', margin: A4.margin, autoFirstPage: false, info: { Title: l.title } });
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const x = A4.margin;
  const width = A4.width - 2 * A4.margin;
  const cols = [0, 0.09, 0.19, 0.41, 0.5, 0.82];
  const head = [l.seat, l.bench, l.section, l.roll, l.name, l.code];
  const byRoom = new Map<string, Seat[]>();
  for (const s of seats) byRoom.set(s.room, [...(byRoom.get(s.room) ?? []), s]);
  for (const [room, list] of byRoom) {
    for (let from = 0; from < list.length; from += SEATS_PER_PAGE) {
      doc.addPage({ size: 'A4', margin: A4.margin });
      const first = list[0];
      const exam = lang === 'bn' && first.exam_name_bn ? first.exam_name_bn : first.exam_name;
      let y = A4.margin;
      line(doc, first.school_name, x, y, { size: 16, bold: true, align: 'center', width });
      y += 24;
      line(doc, `${l.title} · ${digits(l.room.replace('{{room}}', room))}`, x, y, {
        size: 13,
        bold: true,
        align: 'center',
        width,
      });
      y += 20;
      const when = date ? digits(date.split('-').reverse().join('-')) : '';
      line(doc, digits(l.exam.replace('{{exam}}', exam).replace('{{date}}', when)), x, y, {
        size: 10.5,
        align: 'center',
        width,
        color: '#555555',
      });
      y += 26;
      doc.rect(x, y, width, 18).fill('#e8eef5');
      head.forEach((h, k) => line(doc, h, x + 4 + cols[k] * width, y + 4, { size: 9, bold: true }));
      y += 18;
      for (const s of list.slice(from, from + SEATS_PER_PAGE)) {
        const className = lang === 'bn' ? bnOr('classes', s.class_name_bn, s.class_name) : s.class_name;
        const cells = [
          digits(String(s.seat)),
          digits(String(s.bench)),
          `${className} ${s.section_default_name}`,
          digits(String(s.class_roll_no)),
          s.full_name,
          s.student_code,
        ];
        cells.forEach((c, k) =>
          line(doc, c, x + 4 + cols[k] * width, y + 4, { size: 9, width: ((cols[k + 1] ?? 1) - cols[k]) * width - 8 }),
        );
        y += 20;
        doc
          .moveTo(x, y)
          .lineTo(x + width, y)
          .lineWidth(0.3)
          .stroke('#cbd5e1');
      }
    }
  }
  doc.end();
  return done;
}

/** The seat plan of the paper's exam day as a file (404 when nobody sits it). */
export async function seatPlanFile(
  db: DbOrTx,
  userId: number,
  exam: { school_id: number; exam_name_id: number; session_id: number; exam_date: string | null },
  asked: PdfLanguage | undefined,
): Promise<PdfFile> {
  const seats = seatsOf(await sitters(db, exam));
  if (!seats.length) throw notFound('Students sitting that exam');
  const lang = await documentLanguage(db, userId, exam.school_id, asked);
  const pdf = await seatPlanPdf(seats, lang, exam.exam_date);
  return { pdf, fileName: `seat-plan-${exam.exam_date ?? 'exam'}.pdf` };
}
