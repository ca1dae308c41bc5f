/**
 * A section's student ID cards (docs/DOMAIN.md, "The school's documents"): an A4 sheet of eight
 * cards a page, each about 90 × 56 mm (cut along the thin frame), with the school's name, the
 * student's photo (the profile photo, services/photos.ts), name, class, section, roll, blood group
 * and code, and a QR code of the student code. The students on the section's roll in the school's
 * current session, by roll. Fonts and Bangla shaping as the grade sheet draws them
 * (services/gradesheet-pdf.ts); labels from src/i18n/areas/dashboards.{en,bn}.ts.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { dashboardsBn } from '@/i18n/areas/dashboards.bn';
import { dashboardsEn } from '@/i18n/areas/dashboards.en';
import { localDigits } from '@/i18n/digits';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { notFound } from '../errors';
import { storedPath } from '../storage/files';
import { bnOr } from './bangla-names';
import { fonts, line, type PdfLanguage } from './gradesheet-pdf';
import { documentLanguage, type PdfFile } from './pdf-files';
import { schoolClock, sessionIdForDate } from './school-time';

const LABELS = { en: dashboardsEn.idCard, bn: dashboardsBn.idCard } as const;
const A4 = { width: 595.28, height: 841.89 };
/** Card size and the sheet's grid: 2 × 4 cards, centred. */
export const CARD = { width: 255, height: 160, gapX: 17, gapY: 16, columns: 2, rows: 4 };
const NAVY = '#1f3a5f';
const MUTED = '#555555';

export interface CardStudent {
  student_code: string;
  full_name: string;
  class_name: string;
  class_name_bn: string;
  section_default_name: string;
  class_roll_no: number;
  blood_group: string;
  photo_sha256: string | null;
  school_name: string;
  session_year: string;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** The section's students on the roll in the school's current session, by roll (one statement). */
export async function cardStudents(db: DbOrTx, section: { id: number; schoolId: number }): Promise<CardStudent[]> {
  const { today } = await schoolClock(db, section.schoolId);
  const sessionId = await sessionIdForDate(db, today);
  return rowsOf<CardStudent>(
    await db.execute(sql`select s.student_code,
        concat_ws(' ', s.first_name, nullif(s.middle_name, ''), nullif(s.last_name, '')) as full_name,
        c.class_name, c.class_name_bn, sec.section_default_name, e.class_roll_no, s.blood_group,
        u.photo_sha256, sch.school_name, a.session_year
      from enrolments e
      join students s on s.id = e.student_id
      join users u on u.id = s.user_id
      join sections sec on sec.id = e.section_id
      join classes c on c.id = e.class_id
      join schools sch on sch.id = e.school_id
      join academic_sessions a on a.id = e.session_id
      where e.section_id = ${section.id} and e.school_id = ${section.schoolId} and e.session_id = ${sessionId ?? 0}
        and (s.left_on is null or s.left_on > ${today}::date)
      order by e.class_roll_no, s.id`),
  );
}

/** The cards as an A4 PDF: eight a page. `photoPath` finds a stored photo (null: none drawn). */
export async function idCardsPdf(
  students: readonly CardStudent[],
  lang: PdfLanguage,
  photoPath: (sha: string) => string | null,
  opts: { compress?: boolean } = {},
): Promise<Buffer> {
  const l = LABELS[lang];
  const digits = (t: string) => localDigits(t, lang);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    compress: opts.compress ?? true,
    info: { Title: l.title, Author: students[0]?.school_name ?? '', Producer: 'Pathshala', Creator: 'Pathshala' },
  });
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const qrs = await Promise.all(
    students.map((s) =>
      QRCode.toBuffer(s.student_code, { type: 'png', margin: 0, width: 160, errorCorrectionLevel: 'M' }),
    ),
  );
  const perPage = CARD.columns * CARD.rows;
  const left = (A4.width - CARD.columns * CARD.width - (CARD.columns - 1) * CARD.gapX) / 2;
  const top = (A4.height - CARD.rows * CARD.height - (CARD.rows - 1) * CARD.gapY) / 2;
  students.forEach((s, i) => {
    if (i % perPage === 0) doc.addPage({ size: 'A4', margin: 0 });
    const slot = i % perPage;
    const x = left + (slot % CARD.columns) * (CARD.width + CARD.gapX);
    const y = top + Math.floor(slot / CARD.columns) * (CARD.height + CARD.gapY);
    const w = CARD.width;
    const h = CARD.height;
    // The frame to cut along, and the school's band.
    doc.roundedRect(x, y, w, h, 8).lineWidth(0.8).stroke('#94a3b8');
    doc.save().roundedRect(x, y, w, 30, 8).clip().rect(x, y, w, 30).fill(NAVY).restore();
    line(doc, s.school_name, x + 8, y + 5, {
      size: 10.5,
      bold: true,
      align: 'center',
      width: w - 16,
      color: '#ffffff',
    });
    line(doc, `${l.title} · ${digits(fill(l.session, { year: s.session_year }))}`, x + 8, y + 19, {
      size: 6.5,
      align: 'center',
      width: w - 16,
      color: '#dbeafe',
    });
    // The photo, or an empty frame for one to be pasted.
    const photo = { x: x + 10, y: y + 38, w: 62, h: 76 };
    const file = s.photo_sha256 ? photoPath(s.photo_sha256) : null;
    if (file) doc.image(file, photo.x, photo.y, { fit: [photo.w, photo.h], align: 'center', valign: 'center' });
    else
      line(doc, l.noPhoto, photo.x, photo.y + photo.h / 2 - 5, {
        size: 8,
        align: 'center',
        width: photo.w,
        color: MUTED,
      });
    doc.rect(photo.x, photo.y, photo.w, photo.h).lineWidth(0.5).stroke('#cbd5e1');
    // The particulars.
    const tx = x + 82;
    const tw = w - 82 - 70;
    const className = lang === 'bn' ? bnOr('classes', s.class_name_bn, s.class_name) : s.class_name;
    line(doc, s.full_name, tx, y + 40, { size: 11, bold: true, width: w - 92 });
    const facts = [
      fill(l.classSection, { class: digits(className), section: digits(s.section_default_name) }),
      fill(l.roll, { roll: digits(String(s.class_roll_no)) }),
      fill(l.blood, { blood: s.blood_group || '—' }),
      fill(l.code, { code: s.student_code }),
    ];
    facts.forEach((f, k) => line(doc, f, tx, y + 60 + k * 14, { size: 8.5, width: tw }));
    // The QR code of the student code.
    doc.image(qrs[i], x + w - 66, y + h - 66, { width: 56, height: 56 });
  });
  doc.end();
  return done;
}

/** A section's ID cards as a file to download (404 when nobody is on its roll this session). */
export async function idCardsFile(
  db: DbOrTx,
  uploadDir: string,
  userId: number,
  section: { id: number; schoolId: number },
  asked: PdfLanguage | undefined,
): Promise<PdfFile> {
  const students = await cardStudents(db, section);
  if (!students.length) throw notFound('Students of that section this session');
  const lang = await documentLanguage(db, userId, section.schoolId, asked);
  const photoPath = (sha: string) => {
    const p = storedPath(uploadDir, sha);
    return fs.existsSync(p) ? p : null;
  };
  const pdf = await idCardsPdf(students, lang, photoPath);
  const name = `${students[0].class_name}-${students[0].section_default_name}`.replace(/[^\p{L}\p{N}-]/gu, '');
  return { pdf, fileName: `id-cards-${name}.pdf` };
}
