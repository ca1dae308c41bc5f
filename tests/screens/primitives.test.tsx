/** The shared primitives every screen builds on: what a user sees and what goes to the server. */
import { useState } from 'react';
import { render, screen, waitFor, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Link, Router, useLocation } from 'wouter';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, NETWORK_ERROR_MESSAGE } from '@/api/client';
import { createQueryClient, shouldRetryRead } from '@/api/query';
import { ConfirmProvider, useConfirm } from '@/ui/confirm';
import { DateField, parseDayMonthYear } from '@/ui/date-field';
import { Pagination, pageWindow } from '@/ui/pagination';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { guardNavigation, UnsavedChangesPrompt, useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { server } from '../helpers/msw';

const path = () => window.location.pathname + window.location.search;

describe('unsaved-work guard', () => {
  function Editor() {
    const [text, setText] = useState('');
    useUnsavedChanges(text !== '', 'Your notice is not saved.');
    return (
      <label>
        Headline
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
    );
  }
  function Where() {
    const [location] = useLocation();
    return <p data-testid="where">{location}</p>;
  }
  function renderGuarded() {
    window.history.replaceState(null, '', '/editor');
    return render(
      <Router aroundNav={guardNavigation}>
        <Where />
        <Link href="/elsewhere">Elsewhere</Link>
        <Editor />
        <UnsavedChangesPrompt />
      </Router>,
    );
  }

  it('lets a clean screen go without asking', async () => {
    const user = userEvent.setup();
    renderGuarded();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(path()).toBe('/elsewhere');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a link leaves unsaved work: Stay keeps the work, Leave goes', async () => {
    const user = userEvent.setup();
    renderGuarded();
    await user.type(screen.getByLabelText('Headline'), 'Exam on Sunday');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent('Your notice is not saved.');
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(path()).toBe('/editor');
    expect(screen.getByLabelText('Headline')).toHaveValue('Exam on Sunday');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(path()).toBe('/elsewhere'));
  });

  it('asks on the browser Back button and stays put on Stay', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/before');
    window.history.pushState(null, '', '/editor');
    render(
      <Router aroundNav={guardNavigation}>
        <Where />
        <Editor />
        <UnsavedChangesPrompt />
      </Router>,
    );
    await user.type(screen.getByLabelText('Headline'), 'Half written');
    act(() => window.history.back());
    await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(path()).toBe('/editor');
    expect(screen.getByTestId('where')).toHaveTextContent('/editor');
    expect(screen.getByLabelText('Headline')).toHaveValue('Half written');

    act(() => window.history.back());
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/before'));
  });
});

describe('confirm', () => {
  function Deleter({ onAnswer }: { onAnswer: (ok: boolean) => void }) {
    const confirm = useConfirm();
    return (
      <button
        type="button"
        onClick={async () => onAnswer(await confirm({ title: 'Are you sure to delete?', tone: 'danger' }))}
      >
        Delete
      </button>
    );
  }

  it('answers true only when the user confirms, and Cancel has the focus for dangerous actions', async () => {
    const user = userEvent.setup();
    const answers: boolean[] = [];
    render(
      <ConfirmProvider>
        <Deleter onAnswer={(ok) => answers.push(ok)} />
      </ConfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog', { name: 'Are you sure to delete?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(answers).toEqual([false]));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(answers).toEqual([false, true]));
  });
});

describe('pagination', () => {
  it('says which rows are shown and moves between pages', async () => {
    const user = userEvent.setup();
    const pages: number[] = [];
    render(<Pagination page={2} pageSize={20} total={303} onPage={(p) => pages.push(p)} label="Notice pages" />);
    const nav = screen.getByRole('navigation', { name: 'Notice pages' });
    expect(nav).toHaveTextContent('Showing 21–40 of 303');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Page 16' }));
    expect(pages).toEqual([3, 1, 16]);
  });

  it('shows nothing when one page holds everything, and never offers a page past the end', () => {
    const { container } = render(<Pagination page={1} pageSize={20} total={12} onPage={() => {}} label="x" />);
    expect(container).toBeEmptyDOMElement();
    render(<Pagination page={16} pageSize={20} total={303} onPage={() => {}} label="Last" />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pageWindow(5, 20)).toEqual([1, null, 4, 5, 6, null, 20]);
  });
});

describe('date field', () => {
  function Picker({ initial = '' }: { initial?: string }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <DateField label="Date" value={value} onChange={setValue} max="2026-12-31" />
        <output data-testid="iso">{value}</output>
      </>
    );
  }

  it('shows and takes DD-MM-YYYY, keeping an ISO date', async () => {
    const user = userEvent.setup();
    render(<Picker initial="2026-11-05" />);
    const input = screen.getByLabelText('Date');
    expect(input).toHaveValue('05-11-2026');
    await user.clear(input);
    await user.type(input, '23-11-2026');
    expect(screen.getByTestId('iso')).toHaveTextContent('2026-11-23');
  });

  it('refuses a date that does not exist or is past the last allowed day, saying why', async () => {
    const user = userEvent.setup();
    render(<Picker initial="2026-11-05" />);
    const input = screen.getByLabelText('Date');
    await user.clear(input);
    await user.type(input, '31-02-2026');
    await user.tab();
    expect(screen.getByText('Enter a real date as DD-MM-YYYY.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '01-01-2027');
    await user.tab();
    expect(screen.getByText('The date must be on or before 31-12-2026.')).toBeInTheDocument();
    expect(screen.getByTestId('iso')).toHaveTextContent('2026-11-05');
  });

  it('accepts Bangla digits and other separators', () => {
    expect(parseDayMonthYear('২৩-১১-২০২৬')).toBe('2026-11-23');
    expect(parseDayMonthYear('3/1/2026')).toBe('2026-01-03');
    expect(parseDayMonthYear('2026-11-23')).toBeNull();
  });
});

describe('filters in the address', () => {
  function Filters() {
    const [params, setParams] = useSearchState({ class_id: '', page: '1' });
    return (
      <>
        <p data-testid="state">{`${params.class_id}|${params.page}`}</p>
        <button type="button" onClick={() => setParams({ class_id: '7', page: '1' })}>
          Class 7
        </button>
        <button type="button" onClick={() => setParams({ page: '3' })}>
          Page 3
        </button>
      </>
    );
  }

  it('reads the address, writes changes into it and keeps parameters it does not own', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/attendance-dashboard?date=2026-11-23&page=2');
    render(
      <Router>
        <Filters />
      </Router>,
    );
    expect(screen.getByTestId('state')).toHaveTextContent('|2');
    await user.click(screen.getByRole('button', { name: 'Class 7' }));
    expect(path()).toBe('/attendance-dashboard?date=2026-11-23&class_id=7');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('state')).toHaveTextContent('7|3');
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('7|1'));
  });
});

describe('reads through TanStack Query', () => {
  function Students() {
    const q = useQuery({
      queryKey: ['students'],
      queryFn: () => apiGet('/api/probe/students', z.array(z.string())),
    });
    return (
      <QueryState query={q} what="the students" empty="No students yet." isEmpty={(d) => d.length === 0}>
        {(names) => <p>{names.join(', ')}</p>}
      </QueryState>
    );
  }

  it('shows the server’s message with Try again, and the data after a successful retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.get('/api/probe/students', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: { code: 'forbidden', message: 'Not your section.' } }, { status: 403 })
          : HttpResponse.json(['Ayesha', 'Rafi']);
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <Students />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the students. Not your section.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ayesha, Rafi')).toBeInTheDocument();
  });

  it('retries reads only where retrying can help', () => {
    expect(shouldRetryRead(0, { status: 0 })).toBe(true);
    expect(shouldRetryRead(1, { status: 503 })).toBe(true);
    expect(shouldRetryRead(2, { status: 503 })).toBe(false);
    expect(shouldRetryRead(0, { status: 400 })).toBe(false);
    expect(shouldRetryRead(0, { status: 409 })).toBe(false);
  });
});

describe('the HTTP client', () => {
  it('sends an idempotency key with every write, the caller’s own when a submission is retried', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post('/api/probe/save', ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({ ok: true });
      }),
      http.get('/api/probe/read', ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({ ok: true });
      }),
    );
    const ok = z.object({ ok: z.boolean() });
    await apiPost('/api/probe/save', ok, { body: {} });
    await apiPost('/api/probe/save', ok, { body: {} });
    await apiPost('/api/probe/save', ok, { body: {}, idempotencyKey: 'submission-1' });
    await apiPost('/api/probe/save', ok, { body: {}, idempotencyKey: 'submission-1' });
    await apiGet('/api/probe/read', ok);
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(keys[1]).toMatch(/^[\w-]{8,}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys.slice(2)).toEqual(['submission-1', 'submission-1', null]);
  });

  it('turns a network failure into the "could not reach the server" message', async () => {
    server.use(http.get('/api/probe/down', () => HttpResponse.error()));
    await expect(apiGet('/api/probe/down', z.unknown())).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});

describe('data table', () => {
  it('is a labelled region a keyboard can reach, and its cells carry their column names for phone cards', () => {
    render(
      <DataTable caption="Absent students" head={['Name', 'Roll']} cards>
        <tr>
          <Td label="Name">Ayesha</Td>
          <Td label="Roll">4</Td>
        </tr>
      </DataTable>,
    );
    const region = screen.getByRole('region', { name: 'Absent students' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('cell', { name: 'Ayesha' })).toHaveAttribute('data-label', 'Name');
  });
});
