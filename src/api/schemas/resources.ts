/**
 * The school's resources on the wire (spec part 2 §Student self-service): the library
 * catalogue with its loans, the e-books the school uploads, and the links it curates. The old
 * portal's pages were static sample data and called nothing, so these paths are new:
 *
 *   GET    /api/library/books          catalogue (q searches title, author, category), paged
 *   POST   /api/library/books          add a book            PUT/DELETE /api/library/books/:id
 *   GET    /api/library/loans          a school's loans (admin) or one's own (student), paged
 *   POST   /api/library/loans          issue a copy to a student with a due date
 *   POST   /api/library/loans/:id/return
 *   GET    /api/ebooks                 paged             POST /api/ebooks (multipart, file in `file`)
 *   PUT/DELETE /api/ebooks/:id         GET /api/ebooks/:id/file (only for the school's readers)
 *   GET    /api/links                  paged             POST /api/links   PUT/DELETE /api/links/:id
 *
 * Viewers and the super admin name the school (`school_info_id`); everyone else's comes from the
 * session.
 */
import { z } from 'zod';
import { id, isoDate, optionalId, pageOf, pageQueryWith, wholeNumber } from './common';

export const RESOURCE_PAGE = { defaultLimit: 25, maxLimit: 200 } as const;
export const MAX_COPIES = 10_000;

export const RESOURCE_MESSAGES = {
  bookCreated: 'Book added to the library',
  bookUpdated: 'Book saved',
  bookDeleted: 'Book deleted',
  loanIssued: 'Book issued',
  loanReturned: 'Book returned',
  ebookCreated: 'E-book uploaded',
  ebookUpdated: 'E-book saved',
  ebookDeleted: 'E-book deleted',
  linkCreated: 'Link added',
  linkUpdated: 'Link saved',
  linkDeleted: 'Link deleted',
} as const;
export type ResourceMessageKey = keyof typeof RESOURCE_MESSAGES;

/** Success and refusal codes: the client says them in the user's language (`resources.codes.*`). */
export const RESOURCE_CODES = {
  bookCreated: 'resources.book_created',
  bookUpdated: 'resources.book_updated',
  bookDeleted: 'resources.book_deleted',
  loanIssued: 'resources.loan_issued',
  loanReturned: 'resources.loan_returned',
  ebookCreated: 'resources.ebook_created',
  ebookUpdated: 'resources.ebook_updated',
  ebookDeleted: 'resources.ebook_deleted',
  linkCreated: 'resources.link_created',
  linkUpdated: 'resources.link_updated',
  linkDeleted: 'resources.link_deleted',
  noCopyLeft: 'resources.no_copy_left',
  alreadyBorrowed: 'resources.already_borrowed',
  onLoan: 'resources.on_loan',
  copiesBelowLoans: 'resources.copies_below_loans',
  alreadyReturned: 'resources.already_returned',
  noSuchStudent: 'resources.no_such_student',
} as const satisfies Record<string, string>;

export const RESOURCE_FIELD_MESSAGES = {
  title: 'Enter the title',
  copies: 'must be a whole number from 0 to 10000',
  url: 'must be a web address starting with http:// or https://',
  studentCode: 'Enter the student code',
  noSuchStudent: 'is not a student of this school',
  dueBeforeToday: 'must be today or later',
  noCopyLeft: 'Every copy of this book is out on loan.',
  alreadyBorrowed: 'This student already has a copy of this book.',
  onLoan: 'Copies of this book are out on loan: record their return first.',
  copiesBelowLoans: 'cannot be fewer than the copies out on loan',
  alreadyReturned: 'This loan was already returned.',
} as const;

const text = (label: string, max: number, required: string | null) => {
  const base = z.string({ error: required ?? `${label} must be text` }).trim();
  return required
    ? base.min(1, required).max(max, `${label} must be at most ${max} characters`)
    : base.max(max, `${label} must be at most ${max} characters`);
};

const schoolQuery = { school_info_id: optionalId('school_info_id') };

export const writeAnswer = z.object({
  ok: z.literal(true),
  id: z.number().int(),
  message: z.string(),
  code: z.string(),
});
export type WriteAnswer = z.infer<typeof writeAnswer>;

export const resourceIdParams = z.object({ id: id('id') });

// ---------------------------------------------------------------- library

export const bookListQuery = z.object({
  ...schoolQuery,
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  ...pageQueryWith(RESOURCE_PAGE).shape,
});
export type BookListQuery = z.input<typeof bookListQuery>;

export const bookBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    title: text('title', 200, RESOURCE_FIELD_MESSAGES.title),
    author: text('author', 200, null).default(''),
    category: text('category', 80, null).default(''),
    copies: wholeNumber('copies', { max: MAX_COPIES }),
  })
  .strict();
export type BookBody = z.input<typeof bookBody>;

export const bookRow = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  category: z.string(),
  copies: z.number().int(),
  available: z.number().int(),
});
export type BookRow = z.infer<typeof bookRow>;
export const bookPage = pageOf(bookRow);
export type BookPage = z.infer<typeof bookPage>;

export const loanListQuery = z.object({
  ...schoolQuery,
  /** open: not yet returned (default); all: with the returned ones. */
  status: z.enum(['open', 'all'], { error: 'status must be open or all' }).default('open'),
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  /** A guardian: which linked child's loans; a student's own are implied. */
  student_id: optionalId('student_id'),
  ...pageQueryWith(RESOURCE_PAGE).shape,
});
export type LoanListQuery = z.input<typeof loanListQuery>;

export const loanBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    book_id: id('book_id'),
    student_code: text('student_code', 40, RESOURCE_FIELD_MESSAGES.studentCode),
    due_date: isoDate,
  })
  .strict();
export type LoanBody = z.input<typeof loanBody>;

export const loanRow = z.object({
  id: z.number().int(),
  book_id: z.number().int(),
  title: z.string(),
  author: z.string(),
  student_id: z.number().int(),
  student_code: z.string(),
  student_name: z.string(),
  issued_on: z.string(),
  due_date: z.string(),
  returned_on: z.string().nullable(),
  overdue: z.boolean(),
});
export type LoanRow = z.infer<typeof loanRow>;
export const loanPage = pageOf(loanRow).extend({ today: z.string() });
export type LoanPage = z.infer<typeof loanPage>;

// ---------------------------------------------------------------- e-books

export const ebookListQuery = z.object({
  ...schoolQuery,
  class_id: optionalId('class_id'),
  ...pageQueryWith(RESOURCE_PAGE).shape,
});
export type EbookListQuery = z.input<typeof ebookListQuery>;

/** The text fields of the multipart upload (the file itself rides in `file`), and the JSON edit. */
export const ebookBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    title: text('title', 200, RESOURCE_FIELD_MESSAGES.title),
    class_id: optionalId('class_id'),
    subject_id: optionalId('subject_id'),
  })
  .strict();
export type EbookBody = z.input<typeof ebookBody>;

export const ebookRow = z.object({
  id: z.number().int(),
  title: z.string(),
  class_id: z.number().int().nullable(),
  class_name: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  subject_name: z.string().nullable(),
  file_name: z.string(),
  file_type: z.string(),
  file_size: z.number().int(),
  created_at: z.string(),
});
export type EbookRow = z.infer<typeof ebookRow>;
export const ebookPage = pageOf(ebookRow);
export type EbookPage = z.infer<typeof ebookPage>;

// ---------------------------------------------------------------- links

export const linkListQuery = z.object({ ...schoolQuery, ...pageQueryWith(RESOURCE_PAGE).shape });
export type LinkListQuery = z.input<typeof linkListQuery>;

/** Only http and https: a `javascript:` or `data:` address must never become a link. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export const linkBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    title: text('title', 200, RESOURCE_FIELD_MESSAGES.title),
    url: z
      .string({ error: RESOURCE_FIELD_MESSAGES.url })
      .trim()
      .max(2000, 'url must be at most 2000 characters')
      .refine(isWebAddress, RESOURCE_FIELD_MESSAGES.url),
    description: text('description', 500, null).default(''),
  })
  .strict();
export type LinkBody = z.input<typeof linkBody>;

export const linkRow = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  description: z.string(),
});
export type LinkRow = z.infer<typeof linkRow>;
export const linkPage = pageOf(linkRow);
export type LinkPage = z.infer<typeof linkPage>;
