/**
 * The school setup screens against a fake server (msw): /add-school (the address
 * cascade, the EIIN and missing fields caught before sending, a taken EIIN named, the admin's
 * one-time password shown once, the table refreshed and a school edited in a dialog),
 * /add-organization (create with the spec's message, delete only after confirming, a type in use
 * refused), the school admin's contact edit on /schoolprofile, and the cascade in Bangla.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SchoolDetailRow } from '@/api/schemas/lookups';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, schoolRow, server, VIEWER } from './helpers';

afterEach(async () => {
  await setLanguage('en');
});

const SUPER = {
  ...VIEWER,
  id: 1,
  user_id: 1,
  user_code: 'superadmin',
  user_type: 5,
  first_name: 'Super',
  last_name: 'Admin',
  full_name: 'Super Admin',
};

const DIVISIONS = [
  { id: 1, name: 'Dhaka', name_bn: 'ঢাকা' },
  { id: 6, name: 'Sylhet', name_bn: 'সিলেট' },
];
const DISTRICTS = [
  { id: 47, division_id: 1, name: 'Dhaka', name_bn: 'ঢাকা' },
  { id: 41, division_id: 1, name: 'Gazipur', name_bn: 'গাজীপুর' },
  { id: 36, division_id: 6, name: 'Sylhet', name_bn: 'সিলেট' },
];
const UPAZILAS = [
  { id: 365, district_id: 47, name: 'Savar', name_bn: 'সাভার' },
  { id: 366, district_id: 47, name: 'Dhamrai', name_bn: 'ধামরাই' },
  { id: 320, district_id: 41, name: 'Gazipur Sadar', name_bn: 'গাজীপুর সদর' },
];
const TYPES = [
  { id: 2, Organization_type: 'Secondary', organization_code: 'SEC', schools: 1, classes: 5 },
  { id: 9, Organization_type: 'Technical', organization_code: 'TEC', schools: 0, classes: 0 },
];

function serveSetup() {
  const sent: { method: string; url: string; body: Record<string, unknown> }[] = [];
  let schools: SchoolDetailRow[] = [schoolRow({ id: 10, eiin: '100001', school_name: 'Green Valley School' })];
  const record = async (request: Request) => {
    const body = request.method === 'DELETE' ? {} : ((await request.json()) as Record<string, unknown>);
    sent.push({ method: request.method, url: new URL(request.url).pathname, body });
    return body;
  };
  const param = (request: Request, name: string) => Number(new URL(request.url).searchParams.get(name));
  server.use(
    http.get('/api/organization', () => HttpResponse.json(TYPES)),
    http.get('/api/division', () => HttpResponse.json(DIVISIONS)),
    http.get('/api/district', ({ request }) =>
      HttpResponse.json(DISTRICTS.filter((d) => d.division_id === param(request, 'division_id'))),
    ),
    http.get('/api/upazila', ({ request }) =>
      HttpResponse.json(UPAZILAS.filter((u) => u.district_id === param(request, 'district_id'))),
    ),
    http.get('/api/school_info/all', () =>
      HttpResponse.json(schools, { headers: { 'x-total-count': String(schools.length) } }),
    ),
    http.post('/api/add_school', async ({ request }) => {
      const body = await record(request);
      if (body.eiin === '100001') {
        return HttpResponse.json(
          {
            error: {
              code: 'school_setup.duplicate',
              message: 'eiin: is already taken',
              fields: { eiin: 'is already taken' },
            },
          },
          { status: 409 },
        );
      }
      schools = [
        ...schools,
        schoolRow({ id: 11, eiin: String(body.eiin), school_name: String(body.school_name), short_name: 'SMHS' }),
      ];
      return HttpResponse.json({
        ok: true,
        message: 'New School Created!',
        code: 'setup.school_added',
        id: 11,
        user_code: body.admin_code,
        initial_password: 'Qw3rTy7uPz9k',
      });
    }),
    http.put('/api/school_info/:id', async ({ request, params }) => {
      const body = await record(request);
      const id = Number(params.id);
      schools = schools.map((s) => (s.id === id ? { ...s, school_name: String(body.school_name) } : s));
      return HttpResponse.json(schools.find((s) => s.id === id));
    }),
    http.put('/api/school_info/:id/contact', async ({ request, params }) => {
      const body = await record(request);
      const id = Number(params.id);
      schools = schools.map((s) => (s.id === id ? { ...s, phone: String(body.phone) } : s));
      return HttpResponse.json(schools.find((s) => s.id === id));
    }),
    http.put('/api/school_info/:id/weekly_off_days', async ({ request, params }) => {
      const body = await record(request);
      const days = body.weekly_off_days as number[];
      // As the server: Thursday has this session's periods.
      if (days.includes(5)) {
        const message =
          'Thursday has 42 periods in the routines of this session: move or delete them before making Thursday a weekly off day.';
        return HttpResponse.json(
          {
            error: {
              code: 'school_setup.off_day_has_periods',
              message,
              fields: { weekly_off_days: message },
              params: { day: 'Thursday', day_id: 5, periods: 42 },
            },
          },
          { status: 409 },
        );
      }
      const id = Number(params.id);
      schools = schools.map((s) => (s.id === id ? { ...s, weekly_off_days: [...days].sort() } : s));
      return HttpResponse.json(schools.find((s) => s.id === id));
    }),
  );
  return sent;
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });
const select = (name: RegExp) => screen.getByLabelText(name, { selector: 'select' });

describe('/add-school: an empty submit', () => {
  it.each([
    ['en', 'Submit', /^School Type/],
    ['bn', 'জমা দিন', /^প্রতিষ্ঠানের ধরন/],
  ] as const)(
    'in %s, focus goes to the first field with a problem, scrolled into view',
    async (lang, submit, first) => {
      if (lang === 'bn') await setLanguage('bn');
      fakeAuthServer(SUPER).savedSignIn();
      serveSetup();
      const scrolled: Element[] = [];
      const scrollIntoView = vi.fn(function (this: Element) {
        scrolled.push(this);
      });
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = scrollIntoView;
      try {
        const { user } = renderApp('/add-school');
        const button = await screen.findByRole('button', { name: submit });
        await user.click(button);
        const type = await screen.findByRole('combobox', { name: first });
        await waitFor(() => expect(type).toHaveFocus());
        expect(type).toHaveAttribute('aria-invalid', 'true');
        expect(scrolled).toEqual([type]);
        // Fixing one field does not move focus elsewhere.
        await user.click(
          screen.getByLabelText(lang === 'en' ? /^School Name/ : /^প্রতিষ্ঠানের নাম/, { selector: 'input' }),
        );
        await user.keyboard('Hill');
        expect(
          screen.getByLabelText(lang === 'en' ? /^School Name/ : /^প্রতিষ্ঠানের নাম/, { selector: 'input' }),
        ).toHaveFocus();
      } finally {
        Element.prototype.scrollIntoView = original;
      }
    },
  );
});

describe('/add-school', () => {
  it('creates a school with its admin: cascade, checks before sending, a taken EIIN, the password once', async () => {
    fakeAuthServer(SUPER).savedSignIn();
    const sent = serveSetup();
    const { user } = renderApp('/add-school');
    const table = await screen.findByRole('table', { name: 'Schools' });
    expect(within(table).getByText('Green Valley School')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sent).toHaveLength(0);
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(9);

    // The district list waits for a division, the upazila list for a district.
    expect(select(/^District/)).toBeDisabled();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^School Type/ }),
      await screen.findByRole('option', { name: 'Secondary' }),
    );
    await user.selectOptions(select(/^Division/), await screen.findByRole('option', { name: 'Dhaka' }));
    await waitFor(() => expect(select(/^District/)).toBeEnabled());
    expect(within(select(/^District/)).queryByRole('option', { name: 'Sylhet' })).toBeNull();
    await user.selectOptions(
      select(/^District/),
      await within(select(/^District/)).findByRole('option', { name: 'Gazipur' }),
    );
    await user.selectOptions(
      select(/^Upazila/),
      await within(select(/^Upazila/)).findByRole('option', { name: 'Gazipur Sadar' }),
    );
    // Another division clears the district and upazila chosen in the old one.
    await user.selectOptions(select(/^Division/), 'Sylhet');
    expect(select(/^District/)).toHaveValue('');
    expect(select(/^Upazila/)).toHaveValue('');
    await user.selectOptions(select(/^Division/), 'Dhaka');
    await user.selectOptions(
      select(/^District/),
      await within(select(/^District/)).findByRole('option', { name: 'Dhaka' }),
    );
    await user.selectOptions(
      select(/^Upazila/),
      await within(select(/^Upazila/)).findByRole('option', { name: 'Savar' }),
    );

    await user.type(field(/^EIIN No\./), '10000');
    await user.type(field(/^School Name/), 'Savar Model High School');
    await user.type(field(/^Short Name/), 'SMHS');
    await user.type(field(/^Admin User Id/), 'smhs-admin');
    await user.type(field(/^Admin First Name/), 'Rahim');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sent).toHaveLength(0);
    expect(screen.getByText('EIIN is exactly 6 digits.')).toBeInTheDocument();

    await user.type(field(/^EIIN No\./), '1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Already taken: choose another.')).toBeInTheDocument();
    expect(field(/^EIIN No\./)).toHaveAttribute('aria-invalid', 'true');
    expect(sent[0].body).toMatchObject({ eiin: '100001', school_type: 2, division: 1, district: 47, upazilla: 365 });

    await user.clear(field(/^EIIN No\./));
    await user.type(field(/^EIIN No\./), '765432');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('New School Created!')).toBeInTheDocument();
    expect(screen.getByTestId('initial-password')).toHaveTextContent('Qw3rTy7uPz9k');
    expect(sent[1].body).toMatchObject({ eiin: '765432', admin_code: 'smhs-admin', admin_first_name: 'Rahim' });
    expect(await within(table).findByText('Savar Model High School')).toBeInTheDocument();

    // Dismissed, the password is gone for good and the form is empty for the next school.
    await user.click(screen.getByRole('button', { name: 'Done: add another school' }));
    expect(screen.queryByText('Qw3rTy7uPz9k')).toBeNull();
    expect(field(/^EIIN No\./)).toHaveValue('');
  });

  it('edits a school in a dialog and says so only after the server saved it', async () => {
    fakeAuthServer(SUPER).savedSignIn();
    const sent = serveSetup();
    const { user } = renderApp('/add-school');
    await user.click(await screen.findByRole('button', { name: 'Edit Green Valley School' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Green Valley School' });
    const name = within(dialog).getByLabelText(/^School Name/, { selector: 'input' });
    expect(name).toHaveValue('Green Valley School');
    expect(within(dialog).getByLabelText(/^EIIN No\./, { selector: 'input' })).toHaveValue('100001');
    await user.clear(name);
    await user.type(name, 'Green Valley High School');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('School Updated!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/api/school_info/10',
        body: expect.objectContaining({ school_name: 'Green Valley High School', upazilla: 365 }),
      }),
    ]);
    expect(await screen.findByText('Green Valley High School')).toBeInTheDocument();
  });
});

describe('/add-organization', () => {
  function serveTypes() {
    const sent: { method: string; url: string; body?: unknown }[] = [];
    let rows = [...TYPES];
    server.use(
      http.get('/api/organization', () => HttpResponse.json(rows)),
      http.post('/api/organization', async ({ request }) => {
        const body = (await request.json()) as { Organization_type: string; organization_code: string };
        sent.push({ method: 'POST', url: '/api/organization', body });
        rows = [...rows, { id: 12, ...body, schools: 0, classes: 0 }];
        return HttpResponse.json({
          ok: true,
          message: 'New Organization Created!',
          code: 'setup.organization_created',
          id: 12,
        });
      }),
      http.delete('/api/organization/:id', ({ params }) => {
        sent.push({ method: 'DELETE', url: `/api/organization/${String(params.id)}` });
        if (params.id === '2') {
          return HttpResponse.json(
            {
              error: {
                code: 'school_setup.organization_in_use',
                message: 'This organization type is used by 1 schools and 5 classes: it cannot be deleted.',
              },
            },
            { status: 409 },
          );
        }
        rows = rows.filter((r) => String(r.id) !== params.id);
        return HttpResponse.json({
          ok: true,
          message: 'Organization Deleted!',
          code: 'setup.organization_deleted',
          id: 9,
        });
      }),
    );
    return sent;
  }

  it('creates a type with the spec’s message, and deletes only after confirming; a type in use is refused', async () => {
    fakeAuthServer(SUPER).savedSignIn();
    const sent = serveTypes();
    const { user } = renderApp('/add-organization');
    const table = await screen.findByRole('table', { name: 'Organization Types' });
    expect(within(table).getByText('SEC')).toBeInTheDocument();

    await user.type(field(/^Type/), 'Kindergarten');
    await user.type(field(/^Code/), 'KG');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('New Organization Created!')).toBeInTheDocument();
    expect(sent[0].body).toEqual({ Organization_type: 'Kindergarten', organization_code: 'KG' });
    expect(await within(table).findByText('KG')).toBeInTheDocument();

    // Cancel sends nothing.
    await user.click(screen.getByRole('button', { name: 'Delete Technical' }));
    const ask = await screen.findByRole('dialog', { name: 'Are you sure to delete?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(sent).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Secondary' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(/cannot be deleted/)).toBeInTheDocument();
    expect(within(table).getByText('SEC')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Technical' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Organization Deleted!')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('TEC')).toBeNull());
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/organization',
      'DELETE /api/organization/2',
      'DELETE /api/organization/9',
    ]);
  });
});

describe('/schoolprofile contact edit', () => {
  it('the school admin saves their school’s phone', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const sent = serveSetup();
    const { user } = renderApp('/schoolprofile');
    const contact = await screen.findByRole('region', { name: 'Contact details' });
    const phone = within(contact).getByLabelText(/^Phone/, { selector: 'input' });
    expect(within(contact).queryByLabelText(/^EIIN/)).toBeNull();
    await user.clear(phone);
    await user.type(phone, '01811000200');
    await user.click(within(contact).getByRole('button', { name: 'Save contact details' }));
    expect(await within(contact).findByText('School Updated!')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/api/school_info/10/contact',
        body: expect.objectContaining({ phone: '01811000200' }),
      }),
    ]);
    const school = screen.getByRole('region', { name: 'School' });
    expect(await within(school).findByText('01811000200')).toBeInTheDocument();
  });
});

describe('/schoolprofile working week', () => {
  it('a school with Saturday classes unticks Saturday and saves it; the page says the days off', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const sent = serveSetup();
    const { user } = renderApp('/schoolprofile');
    const week = await screen.findByRole('region', { name: 'Working week' });
    expect(within(week).getByTestId('weekly-off-now')).toHaveTextContent('Off: Friday, Saturday');
    const days = within(week).getByRole('group', { name: 'Weekly off days' });
    expect(
      within(days)
        .getAllByRole('checkbox')
        .map((c) => [c.closest('label')?.textContent, (c as HTMLInputElement).checked]),
    ).toEqual([
      ['Sunday', false],
      ['Monday', false],
      ['Tuesday', false],
      ['Wednesday', false],
      ['Thursday', false],
      ['Friday', true],
      ['Saturday', true],
    ]);
    const save = within(week).getByRole('button', { name: 'Save working week' });
    expect(save).toBeDisabled();
    await user.click(within(days).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(save);
    expect(await within(week).findByText('Working week saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'PUT', url: '/api/school_info/10/weekly_off_days', body: { weekly_off_days: [6] } },
    ]);
    expect(within(week).getByTestId('weekly-off-now')).toHaveTextContent('Off: Friday');
    expect(within(days).getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
  });

  it('every day ticked is refused before sending: a school is open at least one day', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const sent = serveSetup();
    const { user } = renderApp('/schoolprofile');
    const week = await screen.findByRole('region', { name: 'Working week' });
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'])
      await user.click(within(week).getByRole('checkbox', { name: day }));
    expect(within(week).getByRole('alert')).toHaveTextContent('A school must be open at least one day a week.');
    expect(within(week).getByRole('button', { name: 'Save working week' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('a day with this session’s periods is refused, naming the day and how many, in Bangla', async () => {
    await setLanguage('bn');
    fakeAuthServer(ADMIN).savedSignIn();
    const sent = serveSetup();
    const { user } = renderApp('/schoolprofile');
    const week = await screen.findByRole('region', { name: 'কর্মসপ্তাহ' });
    expect(within(week).getByTestId('weekly-off-now')).toHaveTextContent('ছুটি: শুক্রবার, শনিবার');
    await user.click(within(week).getByRole('checkbox', { name: 'বৃহস্পতিবার' }));
    await user.click(within(week).getByRole('button', { name: 'কর্মসপ্তাহ সংরক্ষণ করুন' }));
    expect(await within(week).findByRole('alert')).toHaveTextContent(
      'এই সেশনের রুটিনে বৃহস্পতিবার ৪২টি পিরিয়ড আছে: বৃহস্পতিবার সাপ্তাহিক ছুটির দিন করার আগে সেগুলো সরান বা মুছে ফেলুন।',
    );
    expect(sent).toEqual([
      { method: 'PUT', url: '/api/school_info/10/weekly_off_days', body: { weekly_off_days: [5, 6, 7] } },
    ]);
    // Nothing changed: the school's week is as it was.
    expect(within(week).getByTestId('weekly-off-now')).toHaveTextContent('ছুটি: শুক্রবার, শনিবার');
  });
});

describe('in Bangla', () => {
  it('offers districts and upazilas by their Bangla names', async () => {
    await setLanguage('bn');
    fakeAuthServer(SUPER).savedSignIn();
    serveSetup();
    const { user } = renderApp('/add-school');
    const division = await screen.findByLabelText(/^বিভাগ/, { selector: 'select' });
    await user.selectOptions(division, await within(division).findByRole('option', { name: 'ঢাকা' }));
    const district = screen.getByLabelText(/^জেলা/, { selector: 'select' });
    await user.selectOptions(district, await within(district).findByRole('option', { name: 'গাজীপুর' }));
    const upazila = screen.getByLabelText(/^উপজেলা/, { selector: 'select' });
    expect(await within(upazila).findByRole('option', { name: 'গাজীপুর সদর' })).toBeInTheDocument();
  });
});
