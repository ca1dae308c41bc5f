/**
 * The resources pages against a mock server (msw): the hub's three tiles; the library as a
 * student (catalogue and own loans, overdue marked) and as the school admin (add a book, issue it,
 * a refusal shown in the user's language, return after a confirmation, delete refused while out);
 * e-books (download through the authorised call; upload needs a file); links (new tab, noopener,
 * http/https only); a viewer reads the chosen school's; empty and error states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { BookRow, EbookRow, LinkRow, LoanRow } from '@/api/schemas/resources';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, STUDENT, TEACHER, VIEWER, fakeAuthServer, renderApp, server } from './helpers';

const page = <T,>(rows: T[]) => ({ rows, total: rows.length, limit: 25, offset: 0 });

const BOOK: BookRow = {
  id: 1,
  title: 'Pather Panchali',
  author: 'Bibhutibhushan',
  category: 'Bangla literature',
  copies: 2,
  available: 1,
};
const LOAN = (over: Partial<LoanRow> = {}): LoanRow => ({
  id: 7,
  book_id: 1,
  title: 'Pather Panchali',
  author: 'Bibhutibhushan',
  student_id: 5,
  student_code: 'S-0005',
  student_name: 'Rahim Uddin',
  issued_on: '2026-11-01',
  due_date: '2026-11-10',
  returned_on: null,
  overdue: true,
  ...over,
});
const EBOOK: EbookRow = {
  id: 3,
  title: 'Physics notes',
  class_id: null,
  class_name: null,
  subject_id: null,
  subject_name: null,
  file_name: 'physics.pdf',
  file_type: 'application/pdf',
  file_size: 2048,
  created_at: '2026-11-20T10:00:00Z',
};
const LINK: LinkRow = {
  id: 4,
  title: 'Education Board Results',
  url: 'https://www.educationboardresults.gov.bd/',
  description: 'Results',
};

function resourceApi() {
  const state = {
    books: [BOOK] as BookRow[],
    loans: [LOAN()] as LoanRow[],
    bookPosts: [] as unknown[],
    loanPosts: [] as { body: unknown; key: string | null }[],
    returns: [] as string[],
    loanQueries: [] as string[],
    bookQueries: [] as string[],
    downloads: [] as string[],
    ebookPosts: 0,
    refuseIssue: false,
  };
  server.use(
    http.get('/api/library/books', ({ request }) => {
      state.bookQueries.push(new URL(request.url).search);
      return HttpResponse.json(page(state.books));
    }),
    http.post('/api/library/books', async ({ request }) => {
      const body = (await request.json()) as Omit<BookRow, 'id' | 'available'>;
      state.bookPosts.push(body);
      state.books = [...state.books, { ...body, id: 2, available: body.copies }];
      return HttpResponse.json({
        ok: true,
        id: 2,
        message: 'Book added to the library',
        code: 'resources.book_created',
      });
    }),
    http.delete('/api/library/books/:id', () =>
      HttpResponse.json(
        {
          error: {
            code: 'resources.on_loan',
            message: 'Copies of this book are out on loan: record their return first.',
          },
        },
        { status: 409 },
      ),
    ),
    http.get('/api/library/loans', ({ request }) => {
      state.loanQueries.push(new URL(request.url).search);
      return HttpResponse.json({ ...page(state.loans), today: '2026-11-24' });
    }),
    http.post('/api/library/loans', async ({ request }) => {
      const body = await request.json();
      state.loanPosts.push({ body, key: request.headers.get('idempotency-key') });
      if (state.refuseIssue) {
        return HttpResponse.json(
          {
            error: {
              code: 'resources.no_copy_left',
              message: 'Every copy of this book is out on loan.',
              fields: { book_id: 'Every copy of this book is out on loan.' },
            },
          },
          { status: 409 },
        );
      }
      return HttpResponse.json({ ok: true, id: 8, message: 'Book issued', code: 'resources.loan_issued' });
    }),
    http.post('/api/library/loans/:id/return', ({ params }) => {
      state.returns.push(String(params.id));
      state.loans = state.loans.map((l) => ({ ...l, returned_on: '2026-11-24', overdue: false }));
      return HttpResponse.json({ ok: true, id: 7, message: 'Book returned', code: 'resources.loan_returned' });
    }),
    http.get('/api/ebooks', () => HttpResponse.json(page([EBOOK]))),
    http.post('/api/ebooks', () => {
      state.ebookPosts += 1;
      return HttpResponse.json({ ok: true, id: 9, message: 'E-book uploaded', code: 'resources.ebook_created' });
    }),
    http.get('/api/ebooks/:id/file', ({ params, request }) => {
      // The session is the cookie; the app's own header says the request is the app's.
      state.downloads.push(`${String(params.id)} ${request.headers.get('x-requested-with') ? 'from the app' : 'bare'}`);
      return new HttpResponse('%PDF-1.4', {
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="physics.pdf"' },
      });
    }),
    http.get('/api/class', () =>
      HttpResponse.json([{ id: 6, class_name: 'Six', class_code: '06', school_type_id: 1 }]),
    ),
    http.get('/api/links', () => HttpResponse.json(page([LINK]))),
  );
  return state;
}

describe('/student-resource', () => {
  it('has the Library, eBook and Important Link tiles', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    renderApp('/student-resource');
    const nav = await screen.findByRole('navigation', { name: 'Resources' });
    expect(within(nav).getByRole('link', { name: /Library/ })).toHaveAttribute('href', '/studentlibrary');
    expect(within(nav).getByRole('link', { name: /eBook/ })).toHaveAttribute('href', '/studentebook');
    expect(within(nav).getByRole('link', { name: /Important Link/ })).toHaveAttribute('href', '/studentimportantlink');
  });

  it('speaks Bangla', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(STUDENT).savedSignIn();
      renderApp('/student-resource');
      const nav = await screen.findByRole('navigation', { name: 'রিসোর্স' });
      expect(within(nav).getByRole('link', { name: /লাইব্রেরি/ })).toHaveAttribute('href', '/studentlibrary');
      expect(within(nav).getByRole('link', { name: /গুরুত্বপূর্ণ লিংক/ })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('the teacher dashboard’s Resources tile leads there', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    renderApp('/teacher-admin');
    expect(await screen.findByRole('link', { name: /Resources/ })).toHaveAttribute('href', '/student-resource');
  });
});

describe('/studentlibrary', () => {
  it('a student sees the catalogue and their own loans, overdue marked, with no admin controls', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const api = resourceApi();
    renderApp('/studentlibrary');
    const catalogue = await screen.findByRole('table', { name: 'The library catalogue' });
    expect(within(catalogue).getByText('Pather Panchali')).toBeInTheDocument();
    const loans = await screen.findByRole('table', { name: 'Books you have borrowed' });
    expect(within(loans).getByText('Overdue')).toBeInTheDocument();
    expect(within(loans).getByText('10-Nov-2026')).toBeInTheDocument();
    expect(api.loanQueries[0]).toContain('status=all');
    expect(screen.queryByRole('button', { name: 'Add book' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Issue/ })).toBeNull();
  });

  it('searches the catalogue through the address', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const api = resourceApi();
    const { user } = renderApp('/studentlibrary');
    await screen.findByRole('table', { name: 'The library catalogue' });
    await user.type(screen.getByRole('searchbox', { name: 'Search title, author or category' }), 'Tagore');
    await user.click(screen.getAllByRole('button', { name: 'Search' })[0]);
    await waitFor(() => expect(api.bookQueries.at(-1)).toContain('q=Tagore'));
    expect(window.location.search).toContain('q=Tagore');
  });

  it('the admin adds a book; the list reloads with it', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = resourceApi();
    const { user } = renderApp('/studentlibrary');
    await user.click(await screen.findByRole('button', { name: 'Add book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a book' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the title')).toBeInTheDocument();
    expect(api.bookPosts).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Gitanjali');
    await user.type(within(dialog).getByRole('textbox', { name: 'Author' }), 'Rabindranath Tagore');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Copies' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Copies' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Book added to the library')).toBeInTheDocument();
    expect(api.bookPosts).toEqual([{ title: 'Gitanjali', author: 'Rabindranath Tagore', category: '', copies: 3 }]);
    const catalogue = screen.getByRole('table', { name: 'The library catalogue' });
    expect(await within(catalogue).findByText('Gitanjali')).toBeInTheDocument();
  });

  it('the admin issues a book; a refusal keeps the form and shows the server’s reason', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = resourceApi();
    api.refuseIssue = true;
    const { user } = renderApp('/studentlibrary');
    await user.click(await screen.findByRole('button', { name: 'Issue Pather Panchali' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue “Pather Panchali”' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Student code' }), 'S-0005');
    await user.click(within(dialog).getByRole('button', { name: 'Issue book' }));
    expect(await within(dialog).findByText('Every copy of this book is out on loan.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Student code' })).toHaveValue('S-0005');
    api.refuseIssue = false;
    await user.click(within(dialog).getByRole('button', { name: 'Issue book' }));
    expect(await screen.findByText('Book issued')).toBeInTheDocument();
    expect(api.loanPosts).toHaveLength(2);
    expect(api.loanPosts[1].body).toMatchObject({ book_id: 1, student_code: 'S-0005' });
    expect(api.loanPosts[1].key).toMatch(/\S/);
  });

  it('the admin records a return only after confirming', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = resourceApi();
    const { user } = renderApp('/studentlibrary');
    const loans = await screen.findByRole('table', { name: 'Books on loan' });
    await user.click(within(loans).getByRole('button', { name: 'Return Pather Panchali from Rahim Uddin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the return?' });
    expect(api.returns).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));
    expect(await screen.findByText('Book returned')).toBeInTheDocument();
    expect(api.returns).toEqual(['7']);
  });

  it('a delete refused while copies are out says why, in Bangla too', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(ADMIN).savedSignIn();
      resourceApi();
      const { user } = renderApp('/studentlibrary');
      await user.click(await screen.findByRole('button', { name: 'মুছে ফেলুন: Pather Panchali' }));
      const dialog = await screen.findByRole('dialog', { name: 'বইটি মুছে ফেলবেন?' });
      await user.click(within(dialog).getByRole('button', { name: 'মুছে ফেলুন' }));
      expect(await screen.findByText('এই বইয়ের কপি ধারে আছে: আগে সেগুলোর ফেরত লিখুন।')).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('shows an error with Try again when the catalogue cannot load', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    resourceApi();
    server.use(
      http.get('/api/library/books', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Something broke.' } }, { status: 500 }),
      ),
    );
    renderApp('/studentlibrary');
    expect(await screen.findByText(/Something broke\./)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});

describe('/studentebook', () => {
  it('a student downloads through the authorised call', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const api = resourceApi();
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = renderApp('/studentebook');
    await user.click(await screen.findByRole('button', { name: 'Download Physics notes' }));
    await waitFor(() => expect(api.downloads).toEqual(['3 from the app']));
    expect(screen.queryByRole('button', { name: 'Upload e-book' })).toBeNull();
  });

  it('the admin’s upload needs a file before anything is sent', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = resourceApi();
    const { user } = renderApp('/studentebook');
    await user.click(await screen.findByRole('button', { name: 'Upload e-book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload an e-book' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Grammar');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Choose a file to upload')).toBeInTheDocument();
    expect(api.ebookPosts).toBe(0);
  });

  it('the admin uploads with a class and its subject; the server’s message shows after it answered', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    resourceApi();
    const sent: Record<string, string>[] = [];
    server.use(
      http.get('/api/subject', () =>
        HttpResponse.json([
          {
            id: 61,
            subject_name: 'Bangla',
            subject_code: '101',
            class_id: 6,
            school_type_id: 1,
            group_id: null,
            optional: false,
          },
        ]),
      ),
      http.post('/api/ebooks', async ({ request }) => {
        const form = await request.formData();
        sent.push(
          Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`])),
        );
        return HttpResponse.json({ ok: true, id: 9, message: 'E-book uploaded', code: 'resources.ebook_created' });
      }),
    );
    const { user } = renderApp('/studentebook');
    await user.click(await screen.findByRole('button', { name: 'Upload e-book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload an e-book' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Bangla poems');
    const classSelect = within(dialog).getByRole('combobox', { name: 'Class' });
    await within(classSelect).findByRole('option', { name: 'Six' });
    await user.selectOptions(classSelect, '6');
    const subject = await within(dialog).findByRole('combobox', { name: 'Subject' });
    await within(subject).findByRole('option', { name: 'Bangla' });
    await user.selectOptions(subject, '61');
    // Another class empties the subject: a subject belongs to its class.
    await user.selectOptions(classSelect, '');
    expect(within(dialog).queryByRole('combobox', { name: 'Subject' })).toBeNull();
    await user.selectOptions(classSelect, '6');
    expect(await within(dialog).findByRole('combobox', { name: 'Subject' })).toHaveValue('');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Subject' }), '61');
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['%PDF-1.4'], 'poems.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('E-book uploaded')).toBeInTheDocument();
    expect(sent).toEqual([
      { title: 'Bangla poems', class_id: '6', subject_id: '61', file: expect.stringMatching(/^file:/) },
    ]);
  });

  it('says so when there are none', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    resourceApi();
    server.use(http.get('/api/ebooks', () => HttpResponse.json(page([]))));
    renderApp('/studentebook');
    expect(await screen.findByText('No e-books yet.')).toBeInTheDocument();
  });
});

describe('/studentimportantlink', () => {
  it('opens each link in a new tab with noopener', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    resourceApi();
    renderApp('/studentimportantlink');
    const link = await screen.findByRole('link', { name: /Education Board Results/ });
    expect(link).toHaveAttribute('href', 'https://www.educationboardresults.gov.bd/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('the admin cannot save a javascript: address', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    resourceApi();
    let posts = 0;
    server.use(http.post('/api/links', () => void (posts += 1)));
    const { user } = renderApp('/studentimportantlink');
    await user.click(await screen.findByRole('button', { name: 'Add link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Bad');
    await user.type(within(dialog).getByRole('textbox', { name: 'Web address' }), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a web address starting with http:// or https://')).toBeInTheDocument();
    expect(posts).toBe(0);
  });

  it('a viewer reads the chosen school’s links', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 3, school_name: 'Hill View High School' });
    resourceApi();
    const seen: string[] = [];
    server.use(
      http.get('/api/links', ({ request }) => {
        seen.push(new URL(request.url).searchParams.get('school_info_id') ?? '');
        return HttpResponse.json(page([LINK]));
      }),
    );
    renderApp('/studentimportantlink');
    expect(await screen.findByRole('link', { name: /Education Board Results/ })).toBeInTheDocument();
    expect(seen).toEqual(['3']);
    expect(within(screen.getByRole('main')).getByText('Hill View High School')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add link' })).toBeNull();
  });
});
