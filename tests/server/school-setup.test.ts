/**
 * School setup: the address reference data, creating a school with its admin in one
 * transaction (the admin signs in with the one-time password and must change it), 400s naming the
 * field, 409s for a taken EIIN or admin code with nothing left behind, editing (the super admin:
 * everything; a school admin: only its own contact details), and organization types.
 */
import { and, count, eq } from 'drizzle-orm';
import { SETUP_MESSAGES } from '@/api/schemas/setup';
import { districts, divisions, schoolAdmins, schools, upazilas, users } from '@server/db/schema';
import { seedGeography } from '@server/db/seed/reference';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
const G = {} as { dhaka: number; savar: number; dhakaDistrict: number; sylhetDistrict: number; type: number };

beforeAll(async () => {
  t = await createTestApp();
  const [dhaka] = await t.db.select().from(divisions).where(eq(divisions.name, 'Dhaka'));
  const [dd] = await t.db.select().from(districts).where(eq(districts.name, 'Dhaka'));
  const [sy] = await t.db.select().from(districts).where(eq(districts.name, 'Sylhet'));
  const [savar] = await t.db.select().from(upazilas).where(eq(upazilas.name, 'Savar'));
  const types = (await t.get('superadmin', '/api/organization')).json();
  G.dhaka = dhaka.id;
  G.dhakaDistrict = dd.id;
  G.sylhetDistrict = sy.id;
  G.savar = savar.id;
  G.type = types.find((x: { organization_code: string }) => x.organization_code === 'SEC').id;
});
afterAll(() => t.close());

const school = (over: Record<string, unknown> = {}) => ({
  school_type: G.type,
  eiin: '765432',
  school_name: 'Savar Model High School',
  short_name: 'SMHS',
  division: G.dhaka,
  district: G.dhakaDistrict,
  upazilla: G.savar,
  address: 'Bank Town',
  phone: '+8801711000100',
  email: 'office@smhs.example',
  head_name: 'Nasima Akter',
  head_phone: '01711000101',
  head_email: '',
  admin_code: 'smhs-admin',
  admin_first_name: 'Rahim',
  admin_last_name: 'Uddin',
  admin_phone: '01711000102',
  admin_email: 'admin@smhs.example',
  ...over,
});

const login = (user_code: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { user_code, password } });
const put = (as: string, url: string, payload: unknown) =>
  t.call(as, { method: 'PUT', url, payload: payload as object });
const schoolCount = async () => (await t.db.select({ n: count() }).from(schools))[0].n;

describe('address reference data', () => {
  it('has the 8 divisions, 64 districts and every upazila, in both languages', async () => {
    const div = (await t.get('superadmin', '/api/division')).json();
    expect(div).toHaveLength(8);
    expect(div.find((d: { name: string }) => d.name === 'Sylhet').name_bn).toBe('সিলেট');
    const all = await t.get('superadmin', '/api/district');
    expect(all.json()).toHaveLength(64);
    expect(all.headers['cache-control']).toContain('max-age');
    const ofDhaka = (await t.get('admin1', `/api/district?division_id=${G.dhaka}`)).json();
    expect(ofDhaka).toHaveLength(13);
    const ups = (await t.get('superadmin', '/api/upazila')).json();
    expect(ups.length).toBeGreaterThanOrEqual(490);
    const ofDhakaDistrict = (await t.get('superadmin', `/api/upazila?district_id=${G.dhakaDistrict}`)).json();
    // Its five upazilas and the 50 thanas of the Dhaka Metropolitan Police (Dhaka North and South).
    expect(ofDhakaDistrict).toHaveLength(55);
    const names = ofDhakaDistrict.map((u: { name: string }) => u.name);
    expect(names).toEqual(expect.arrayContaining(['Dhamrai', 'Dohar', 'Keraniganj', 'Nawabganj', 'Savar']));
    expect(ofDhakaDistrict.find((u: { name: string }) => u.name === 'Savar').name_bn).toBe('সাভার');
  });

  it('lists the city thanas of every city corporation, in English and Bangla', async () => {
    const thanas: Record<string, [string, string][]> = {
      // Dhaka North and Dhaka South
      Dhaka: [
        ['Mirpur', 'মিরপুর'],
        ['Dhanmondi', 'ধানমন্ডি'],
        ['Gulshan', 'গুলশান'],
        ['Uttara West', 'উত্তরা পশ্চিম'],
        ['Motijheel', 'মতিঝিল'],
        ['Lalbagh', 'লালবাগ'],
        ['Jatrabari', 'যাত্রাবাড়ী'],
      ],
      Chattogram: [
        ['Kotwali', 'কোতোয়ালী'],
        ['Panchlaish', 'পাঁচলাইশ'],
        ['Double Mooring', 'ডবলমুরিং'],
        ['Patenga', 'পতেঙ্গা'],
      ],
      Khulna: [
        ['Sonadanga', 'সোনাডাঙ্গা'],
        ['Khalishpur', 'খালিশপুর'],
      ],
      Rajshahi: [
        ['Boalia', 'বোয়ালিয়া'],
        ['Shah Makhdum', 'শাহ মখদুম'],
      ],
      Sylhet: [
        ['Jalalabad', 'জালালাবাদ'],
        ['Shah Poran', 'শাহপরাণ'],
      ],
      Barishal: [
        ['Kawnia', 'কাউনিয়া'],
        ['Kotwali', 'কোতোয়ালী'],
      ],
      Rangpur: [
        ['Tajhat', 'তাজহাট'],
        ['Mahiganj', 'মাহিগঞ্জ'],
      ],
      Mymensingh: [['Kotwali', 'কোতোয়ালী']],
      Gazipur: [
        ['Tongi East', 'টঙ্গী পূর্ব'],
        ['Gacha', 'গাছা'],
      ],
      Narayanganj: [
        ['Fatullah', 'ফতুল্লা'],
        ['Siddhirganj', 'সিদ্ধিরগঞ্জ'],
      ],
      Cumilla: [['Kotwali', 'কোতোয়ালী']],
    };
    const districtRows = (await t.get('superadmin', '/api/district')).json() as { id: number; name: string }[];
    for (const [district, expected] of Object.entries(thanas)) {
      const id = districtRows.find((d) => d.name === district)!.id;
      const rows = (await t.get('superadmin', `/api/upazila?district_id=${id}`)).json() as {
        name: string;
        name_bn: string;
      }[];
      for (const [name, nameBn] of expected) {
        expect(
          rows.filter((r) => r.name === name).map((r) => r.name_bn),
          `${district}: ${name}`,
        ).toEqual([nameBn]);
      }
    }
    // A thana that is an upazila of the same name already is listed once.
    const chattogram = districtRows.find((d) => d.name === 'Chattogram')!.id;
    const ctg = (await t.get('superadmin', `/api/upazila?district_id=${chattogram}`)).json() as { name: string }[];
    expect(ctg.filter((r) => r.name === 'Karnaphuli')).toHaveLength(1);
  });

  it('the demo school is in its thana and saves again as it is; a school saved with the thana as text is linked at the next start', async () => {
    const [dhanmondi] = await t.db
      .select()
      .from(upazilas)
      .where(and(eq(upazilas.districtId, G.dhakaDistrict), eq(upazilas.name, 'Dhanmondi')));
    const [own] = (await t.get('admin1', '/api/school_info/all')).json();
    expect(own).toMatchObject({
      school_name: 'Dhanmondi Model High School',
      address_upazilla: 'Dhanmondi',
      upazila_id: dhanmondi.id,
    });
    // The super admin's edit form sends the school back as it stands.
    const again = await put('superadmin', `/api/school_info/${own.id}`, {
      school_type: own.type_id,
      eiin: own.eiin,
      school_name: own.school_name,
      short_name: own.short_name,
      division: own.division_id,
      district: own.district_id,
      upazilla: own.upazila_id,
      address: own.address,
      phone: own.phone,
      email: own.email,
      head_name: own.head_name,
      head_phone: own.head_phone,
      head_email: own.head_email,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ address_upazilla: 'Dhanmondi', upazila_id: dhanmondi.id });

    // A database seeded before the thanas were listed: the school had the name only.
    await t.db.update(schools).set({ upazilaId: null }).where(eq(schools.id, own.id));
    await seedGeography(t.db);
    const [row] = await t.db.select().from(schools).where(eq(schools.id, own.id));
    expect(row.upazilaId).toBe(dhanmondi.id);
    // Chattogram's demo school is in Kotwali thana.
    const [other] = (await t.get('admin2', '/api/school_info/all')).json();
    expect(other).toMatchObject({ address_upazilla: 'Kotwali' });
    expect(other.upazila_id).not.toBeNull();
  });

  it('seeding again (every start does) adds nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(upazilas))[0].n;
    await seedGeography(t.db);
    expect((await t.db.select({ n: count() }).from(upazilas))[0].n).toBe(before);
    expect((await t.db.select({ n: count() }).from(districts))[0].n).toBe(64);
  });

  it('the database refuses a school whose district is not in its division, or upazila not in its district', async () => {
    const [sylhetDivision] = await t.db.select().from(divisions).where(eq(divisions.name, 'Sylhet'));
    const [type] = await t.db.select({ id: schools.schoolTypeId }).from(schools).limit(1);
    const row = { eiin: '711111', schoolName: 'X', shortName: 'X', schoolTypeId: type.id };
    await expect(
      t.db.insert(schools).values({ ...row, divisionId: sylhetDivision.id, districtId: G.dhakaDistrict }),
    ).rejects.toThrow();
    await expect(
      t.db
        .insert(schools)
        .values({ ...row, divisionId: sylhetDivision.id, districtId: G.sylhetDistrict, upazilaId: G.savar }),
    ).rejects.toThrow();
    expect(await t.db.select().from(schools).where(eq(schools.eiin, '711111'))).toEqual([]);
  });
});

describe('POST /api/add_school', () => {
  it('creates the school and its admin, who signs in with the one-time password and must change it', async () => {
    const res = await t.post('superadmin', '/api/add_school', school());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(SETUP_MESSAGES.schoolAdded);
    expect(body.user_code).toBe('smhs-admin');
    expect(body.initial_password).toMatch(/^\S{10,}$/);
    const [row] = await t.db.select().from(schools).where(eq(schools.id, body.id));
    expect(row).toMatchObject({ eiin: '765432', district: 'Dhaka', upazilla: 'Savar', phone: '01711000100' });
    const [admin] = await t.db.select().from(schoolAdmins).where(eq(schoolAdmins.schoolId, body.id));
    expect(admin.adminCode).toBe('smhs-admin');

    expect((await login('smhs-admin', 'wrong-password')).statusCode).toBe(401);
    const signIn = await login('smhs-admin', body.initial_password);
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ user_type_id: 4, must_change_password: true });
    const token = signIn.json().accessToken;
    const headers = { authorization: `Bearer ${token}` };
    const blocked = await t.app.inject({ url: '/api/school_info/all', headers });
    expect(blocked.json().error.code).toBe('password_change_required');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/update_user?user_code=smhs-admin',
      headers,
      payload: { current_password: body.initial_password, Pass: 'a-new-secret-9' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await login('smhs-admin', 'a-new-secret-9');
    const mine = await t.app.inject({
      url: '/api/school_info/all',
      headers: { authorization: `Bearer ${again.json().accessToken}` },
    });
    expect(mine.json().map((s: { eiin: string }) => s.eiin)).toEqual(['765432']);
  });

  it('refuses bad input with 400 naming the field, and creates nothing', async () => {
    const before = await schoolCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ eiin: '12345' }, 'eiin'],
      [{ eiin: '1234567' }, 'eiin'],
      [{ eiin: '12a456' }, 'eiin'],
      [{ school_name: ' ' }, 'school_name'],
      [{ phone: '12345' }, 'phone'],
      [{ admin_phone: '0171' }, 'admin_phone'],
      [{ admin_email: 'not-mail' }, 'admin_email'],
      [{ admin_code: 'has space' }, 'admin_code'],
      [{ district: G.sylhetDistrict }, 'district'],
      [{ upazilla: 999999 }, 'upazilla'],
      [{ school_type: 999999 }, 'school_type'],
    ];
    for (const [over, field] of cases) {
      const res = await t.post('superadmin', '/api/add_school', school({ eiin: '700001', admin_code: 'x-1', ...over }));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), res.body).toContain(field);
    }
    // The upazila must be in the district.
    const [sylhetUpazila] = await t.db.select().from(upazilas).where(eq(upazilas.districtId, G.sylhetDistrict));
    const wrong = await t.post('superadmin', '/api/add_school', school({ eiin: '700002', upazilla: sylhetUpazila.id }));
    expect(wrong.json().error.fields).toHaveProperty('upazilla');
    expect(await schoolCount()).toBe(before);
  });

  it('409 names a taken EIIN or admin code, and a failing admin insert leaves no school behind', async () => {
    const before = await schoolCount();
    const takenEiin = await t.post(
      'superadmin',
      '/api/add_school',
      school({ admin_code: 'fresh-1', admin_phone: '', admin_email: '' }),
    );
    expect(takenEiin.statusCode).toBe(409);
    expect(takenEiin.json().error.fields).toHaveProperty('eiin');
    // The school row goes in first; the admin's sign-in fails on its taken code, so the school must go too.
    const takenCode = await t.post('superadmin', '/api/add_school', school({ eiin: '700003', admin_code: 'ADMIN1' }));
    expect(takenCode.statusCode).toBe(409);
    expect(takenCode.json().error.fields).toHaveProperty('admin_code');
    const takenMail = await t.post(
      'superadmin',
      '/api/add_school',
      school({ eiin: '700004', admin_code: 'fresh-2', admin_phone: '', admin_email: 'ADMIN@smhs.example' }),
    );
    expect(takenMail.json().error.fields).toHaveProperty('admin_email');
    expect(await schoolCount()).toBe(before);
    expect(await t.db.select().from(schools).where(eq(schools.eiin, '700003'))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.userCode, 'fresh-2'))).toEqual([]);
  });

  it('only the super admin may create schools', async () => {
    for (const who of ['admin1', 'teacher1', 'student1', 'viewer1']) {
      const res = await t.post(who, '/api/add_school', school({ eiin: '700005' }));
      expect(res.statusCode, who).toBe(403);
    }
  });
});

describe('editing schools', () => {
  const ids = {} as { mine: number; other: number };
  beforeAll(async () => {
    const [a1] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
    const [a2] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin2'));
    ids.mine = a1.s!;
    ids.other = a2.s!;
  });

  it('the super admin edits every field; a taken EIIN is 409', async () => {
    const res = await put('superadmin', `/api/school_info/${ids.other}`, {
      ...school({ eiin: '765001', school_name: 'Renamed School', short_name: 'RS' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ school_name: 'Renamed School', eiin: '765001', upazila_id: G.savar });
    const clash = await put('superadmin', `/api/school_info/${ids.other}`, school({ eiin: '765432' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields).toHaveProperty('eiin');
    expect((await put('superadmin', '/api/school_info/999999', school({ eiin: '765999' }))).statusCode).toBe(404);
  });

  it('a school admin edits only their own school’s contact details', async () => {
    const contact = {
      phone: '01811000200',
      email: 'new@school.example',
      head_name: 'New Head',
      head_phone: '',
      head_email: '',
    };
    const mine = await put('admin1', `/api/school_info/${ids.mine}/contact`, contact);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ phone: '01811000200', head_name: 'New Head' });
    const other = await put('admin1', `/api/school_info/${ids.other}/contact`, contact);
    expect(other.statusCode).toBe(403);
    expect((await put('admin1', `/api/school_info/${ids.mine}`, school({ eiin: '765002' }))).statusCode).toBe(403);
    const bad = await put('admin1', `/api/school_info/${ids.mine}/contact`, { ...contact, phone: '999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('phone');
    expect((await put('teacher1', `/api/school_info/${ids.mine}/contact`, contact)).statusCode).toBe(403);
  });

  it('the school list is paged with its total', async () => {
    const page = await t.get('superadmin', '/api/school_info/all?limit=1&offset=1');
    expect(page.json()).toHaveLength(1);
    expect(Number(page.headers['x-total-count'])).toBe(await schoolCount());
    // The demo schools carry their district and thana as reference rows too.
    const [own] = (await t.get('admin1', '/api/school_info/all')).json();
    expect(own).toMatchObject({
      district_id: G.dhakaDistrict,
      address_district: 'Dhaka',
      address_upazilla: 'Dhanmondi',
    });
    expect(own.upazila_id).not.toBeNull();
    const found = (await t.get('superadmin', '/api/school_info/all?q=765432')).json();
    expect(found.map((s: { eiin: string }) => s.eiin)).toEqual(['765432']);
  });
});

describe('organization types', () => {
  it('creates, lists, renames and deletes an unused type with the spec’s message', async () => {
    const created = await t.post('superadmin', '/api/organization', {
      Organization_type: 'Technical',
      organization_code: 'TEC',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('New Organization Created!');
    const id = created.json().id;
    const list = (await t.get('superadmin', '/api/organization')).json();
    expect(list.find((o: { id: number }) => o.id === id)).toMatchObject({ organization_code: 'TEC', schools: 0 });
    const dup = await t.post('superadmin', '/api/organization', {
      Organization_type: 'technical x',
      organization_code: 'TEC',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('organization_code');
    const renamed = await put('superadmin', `/api/organization/${id}`, {
      Organization_type: 'Technical and Vocational',
      organization_code: 'TVE',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const missing = await t.post('superadmin', '/api/organization', { Organization_type: '', organization_code: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('Organization_type');
    const del = await t.call('superadmin', { method: 'DELETE', url: `/api/organization/${id}` });
    expect(del.statusCode, del.body).toBe(200);
    expect((await t.get('superadmin', '/api/organization')).json().map((o: { id: number }) => o.id)).not.toContain(id);
  });

  it('refuses to delete a type in use with 409, and only the super admin manages types', async () => {
    const del = await t.call('superadmin', { method: 'DELETE', url: `/api/organization/${G.type}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.code).toBe('school_setup.organization_in_use');
    expect((await t.get('superadmin', '/api/organization')).json().map((o: { id: number }) => o.id)).toContain(G.type);
    expect(
      (await t.post('admin1', '/api/organization', { Organization_type: 'A', organization_code: 'A' })).statusCode,
    ).toBe(403);
  });
});
