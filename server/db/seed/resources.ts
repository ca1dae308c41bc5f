/**
 * Demo resources for every demo school: a library of a few dozen books (Bangladeshi
 * textbooks, classics and references, by category), loans of some of them to the school's first
 * students (one overdue, one returned), two e-books as small generated PDFs stored through
 * server/storage, and a handful of important links. Set-based inserts: no query per row.
 */
import type { DateTime } from 'luxon';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { ebooks, importantLinks, libraryBooks, libraryLoans, students, users } from '../schema';
import { loadConfig } from '../../config';
import { storeBytes, uploadDirOf } from '../../storage/files';
import { tinyPdf } from './homework';

const BOOKS: [title: string, author: string, category: string, copies: number][] = [
  ['Pather Panchali', 'Bibhutibhushan Bandyopadhyay', 'Bangla literature', 4],
  ['Gitanjali', 'Rabindranath Tagore', 'Bangla literature', 3],
  ['Sanchita', 'Kazi Nazrul Islam', 'Bangla literature', 3],
  ['Devdas', 'Sarat Chandra Chattopadhyay', 'Bangla literature', 2],
  ['Lalsalu', 'Syed Waliullah', 'Bangla literature', 3],
  ['Hajar Bochhor Dhore', 'Zahir Raihan', 'Bangla literature', 2],
  ['Amar Bondhu Rashed', 'Muhammed Zafar Iqbal', 'Bangla literature', 5],
  ['Dipu Number Two', 'Muhammed Zafar Iqbal', 'Bangla literature', 4],
  ['Himu', 'Humayun Ahmed', 'Bangla literature', 3],
  ['Thakurmar Jhuli', 'Dakshinaranjan Mitra Majumder', 'Bangla literature', 2],
  ['Ekattorer Dinguli', 'Jahanara Imam', 'History', 3],
  ['Oshomapto Atmojiboni (The Unfinished Memoirs)', 'Sheikh Mujibur Rahman', 'History', 4],
  ['A History of Bangladesh', 'Willem van Schendel', 'History', 2],
  ['Treasure Island', 'Robert Louis Stevenson', 'English literature', 3],
  ['Oliver Twist', 'Charles Dickens', 'English literature', 2],
  ['The Jungle Book', 'Rudyard Kipling', 'English literature', 3],
  ['Gulliver’s Travels', 'Jonathan Swift', 'English literature', 2],
  ['Around the World in Eighty Days', 'Jules Verne', 'English literature', 2],
  ['The Adventures of Tom Sawyer', 'Mark Twain', 'English literature', 2],
  ['Little Women', 'Louisa May Alcott', 'English literature', 1],
  ['Secondary Mathematics (Class Nine-Ten)', 'NCTB', 'Textbook', 6],
  ['General Science (Class Eight)', 'NCTB', 'Textbook', 6],
  ['Physics (Class Nine-Ten)', 'NCTB', 'Textbook', 5],
  ['Chemistry (Class Nine-Ten)', 'NCTB', 'Textbook', 5],
  ['Biology (Class Nine-Ten)', 'NCTB', 'Textbook', 5],
  ['Higher Mathematics (Class Nine-Ten)', 'NCTB', 'Textbook', 4],
  ['English for Today (Class Six)', 'NCTB', 'Textbook', 6],
  ['Bangladesh and Global Studies (Class Seven)', 'NCTB', 'Textbook', 5],
  ['Information and Communication Technology (Class Nine-Ten)', 'NCTB', 'Textbook', 4],
  ['Bangla Academy English-Bangla Dictionary', 'Bangla Academy', 'Reference', 2],
  ['Bangla Academy Byaboharik Bangla Abhidhan', 'Bangla Academy', 'Reference', 2],
  ['Oxford Advanced Learner’s Dictionary', 'A. S. Hornby', 'Reference', 1],
  ['Student Atlas of the World', 'Oxford', 'Reference', 2],
  ['A Brief History of Time', 'Stephen Hawking', 'Science', 1],
  ['The Story of Mathematics', 'Anne Rooney', 'Science', 2],
  ['Kishore Kabita Samagra', 'Sukanta Bhattacharya', 'Poetry', 2],
];

const LINKS = [
  {
    title: 'Education Board Results',
    url: 'https://www.educationboardresults.gov.bd/',
    description: 'SSC, HSC and JSC results of every education board.',
  },
  {
    title: 'NCTB textbooks (PDF)',
    url: 'https://nctb.gov.bd/',
    description: 'The National Curriculum and Textbook Board: free textbooks for every class.',
  },
  {
    title: 'Teachers’ Portal (Shikkhok Batayon)',
    url: 'https://www.teachers.gov.bd/',
    description: 'Lessons and content made by teachers across Bangladesh.',
  },
  {
    title: 'Muktopaath',
    url: 'https://muktopaath.gov.bd/',
    description: 'Free online courses in Bangla.',
  },
  {
    title: 'Khan Academy',
    url: 'https://www.khanacademy.org/',
    description: 'Mathematics and science practice, free.',
  },
];

export async function seedResources(
  tx: Tx,
  today: DateTime,
  schoolIds: readonly number[],
  adminUserIds: ReadonlyMap<number, number>,
): Promise<Record<string, number>> {
  const dir = uploadDirOf(loadConfig());
  const physics = await storeBytes(
    dir,
    tinyPdf(['Physics notes: motion', 'Speed = distance / time', 'Velocity has a direction; speed does not.']),
    'physics-notes-motion.pdf',
    'application/pdf',
  );
  const grammar = await storeBytes(
    dir,
    tinyPdf(['English grammar: tenses', 'Present, past and future, simple and continuous.']),
    'english-grammar-tenses.pdf',
    'application/pdf',
  );
  const iso = (d: DateTime) => d.toISODate()!;
  let loans = 0;
  for (const schoolId of schoolIds) {
    const books = await tx
      .insert(libraryBooks)
      .values(BOOKS.map(([title, author, category, copies]) => ({ schoolId, title, author, category, copies })))
      .returning({ id: libraryBooks.id, copies: libraryBooks.copies });
    // The demo student (the school's first by code's account) borrows first; then a few others.
    const pupils = await tx
      .select({ id: students.id })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(students.schoolId, schoolId))
      .orderBy(asc(students.id))
      .limit(6);
    const demo = await tx
      .select({ id: students.id })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(inArray(users.userCode, ['student1', 'student2']));
    const demoHere = demo.find((d) => pupils.some((p) => p.id === d.id)) ?? pupils[0];
    const others = pupils.filter((p) => p.id !== demoHere?.id);
    if (!demoHere) continue;
    const admin = adminUserIds.get(schoolId) ?? null;
    const plan = [
      // the demo student: one on time, one overdue, one returned
      { studentId: demoHere.id, book: books[0], issued: -5, due: 9, returned: null },
      { studentId: demoHere.id, book: books[13], issued: -20, due: -6, returned: null },
      { studentId: demoHere.id, book: books[10], issued: -30, due: -16, returned: -18 },
      ...others.map((p, i) => ({
        studentId: p.id,
        book: books[(i * 5 + 1) % books.length],
        issued: -(i + 2),
        due: 12 - i,
        returned: null,
      })),
    ];
    const values = plan.map((l) => ({
      schoolId,
      bookId: l.book.id,
      studentId: l.studentId,
      issuedOn: iso(today.plus({ days: l.issued })),
      dueDate: iso(today.plus({ days: l.due })),
      returnedOn: l.returned === null ? null : iso(today.plus({ days: l.returned })),
      issuedByUserId: admin,
      returnedByUserId: l.returned === null ? null : admin,
    }));
    await tx.insert(libraryLoans).values(values);
    loans += values.length;
    // The open loans' counts, in one statement for the whole school.
    await tx
      .update(libraryBooks)
      .set({
        onLoan: sql`(select count(*)::int from ${libraryLoans} where ${libraryLoans.bookId} = ${libraryBooks.id} and ${libraryLoans.returnedOn} is null)`,
      })
      .where(eq(libraryBooks.schoolId, schoolId));

    await tx.insert(ebooks).values(
      [
        { title: 'Physics notes: motion', file: physics },
        { title: 'English grammar: tenses', file: grammar },
      ].map(({ title, file }) => ({
        schoolId,
        title,
        fileSha256: file.sha256,
        fileName: file.name,
        fileType: file.type,
        fileSize: file.size,
        createdByUserId: admin,
      })),
    );
    await tx.insert(importantLinks).values(LINKS.map((l) => ({ schoolId, ...l })));
  }
  return {
    libraryBooks: BOOKS.length * schoolIds.length,
    libraryLoans: loans,
    ebooks: 2 * schoolIds.length,
    importantLinks: LINKS.length * schoolIds.length,
  };
}
