import { ALL_USER_TYPES, can, HOME_ROUTE, PROFILE_ROUTE, USER_TYPES } from '@/api/permissions';
import { audience, canOpen, DASHBOARD_TILES, findRoute, isPublic, ROUTES, routesFor, tilesFor } from '@/routes';
import { callsOf, ROUTE_CALLS } from '@/route-calls';
import { decideAccess, forWhom, type SessionView } from '@/app';

const { student: S, guardian: G, teacher: T, schoolAdmin: A, superAdmin: SA, viewer: V } = USER_TYPES;

// Copied from the spec, part 1, section 2 "Complete route table", exactly as written.
const SPEC_ROUTE_TABLE =
  '/super-admin, /school-admin, /teacher-admin, /student-admin, /viewer-school, /viewer-admin, /viewer-calender, /viewer-notice, /show-notice, /viewerRoutine, /viewershowstudentroutine, /viewevaluation, /viewershowattendanceview, /student-activity, /classbasedstudentabsence, /studentabsence, /student-resource, /studentlibrary, /studentebook, /studentimportantlink, /student-eschool, /student-payment, /student-notice_option, /studentprofileedit, /dueinvoice, /payoption, /paidinvoice, /showhomework, /submitdetails, /studentEvaluation, /marksheet, /gradesheet, /teacher-calender, /teachermark, /teacherpassword, /add-school, /add-organization, /create-class, /section_create, /create-subject, /create-period, /create-exam, /newExam, /, /login, /routine, /studentroutine, /attendance, /teacherprofile, /teacherattendance, /studentviewattendance, /schooladminroutine, /schooladminnotice, /class-create, /section-create, /subject-create, /period-create, /add-student, /add-teacher, /schoolprofile, /subjectregistration, /payment, /teacher-feature, /teacherhomework, /homeworksubmitlist, /teachernotice, /markentry, /teacherevaluation, /studenthomework, /studenthomeworksubmit, /academic-calender, /student-academic-calender, /studentprofile, /studentpassword, /student-notice-list';

// Then the pages later issues added: the teacher dashboard's eSchool and Students destinations
// (see src/routes.ts), two-factor sign-in, the guardian's dashboard and password page
// (user type 3 is unused in the spec), the monthly attendance register and the subject
// activities' pages.
const specPaths = [
  ...SPEC_ROUTE_TABLE.split(', '),
  '/teacher-eschool',
  '/teacher-students',
  '/teacherdata',
  '/two-factor',
  '/two-factor-admins',
  '/guardian-admin',
  '/guardianpassword',
  '/attendance-register',
  // subject activities (docs/DOMAIN.md, "Exams and grades"): the spec's /student-activity is clubs
  '/teacheractivity',
  '/activitysubmitlist',
  '/studentactivities',
  '/studentactivitysubmit',
  // everyone's own profile form and photo (docs/DOMAIN.md, "Profiles")
  '/myprofile',
  // the head teacher's reports (docs/DOMAIN.md, "Early warnings", "Result analysis")
  '/chronic-absence',
  '/tabulation-sheet',
  '/result-analysis',
  // the teachers' own day (docs/DOMAIN.md, "Staff attendance, leave and substitutes")
  '/my-day',
  '/staff-attendance',
  '/staff-leave',
  '/substitutes',
  // the SMS centre (docs/DOMAIN.md, "SMS centre")
  '/sms-send',
  '/sms-report',
  '/sms-usage',
  '/sms-limits',
];

describe('routes.ts', () => {
  it('has every path of the spec, spelled exactly, once, and nothing else', () => {
    expect(ROUTES.map((r) => r.path)).toEqual(specPaths);
    expect(new Set(ROUTES.map((r) => r.path.toLowerCase())).size).toBe(ROUTES.length);
  });

  it('builds every route: no page of the table falls back to "not available yet" (the last ones are built)', () => {
    expect(ROUTES.filter((r) => !r.built).map((r) => r.path)).toEqual([]);
  });

  it('finds routes like the router does: any case, trailing slash and query ignored', () => {
    expect(findRoute('/studentEvaluation')?.label).toBe('Evaluation');
    expect(findRoute('/studentevaluation/')?.path).toBe('/studentEvaluation');
    expect(findRoute('/show-notice?type=2')?.path).toBe('/show-notice');
    expect(findRoute('/nope')).toBeUndefined();
  });

  it('gives each user type its home and profile, and labels that are unique within the type', () => {
    for (const type of ALL_USER_TYPES) {
      const mine = routesFor(type);
      expect(mine.map((r) => r.path)).toContain(HOME_ROUTE[type]);
      if (PROFILE_ROUTE[type]) expect(mine.map((r) => r.path)).toContain(PROFILE_ROUTE[type]);
      const labels = mine.map((r) => r.label);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('owns the setup screens as decided: super admin and school admin; schools and organization types super admin only', () => {
    for (const path of [
      '/create-class',
      '/class-create',
      '/section-create',
      '/section_create',
      '/create-subject',
      '/subject-create',
      '/period-create',
      '/create-period',
    ]) {
      expect(audience(findRoute(path)!)).toEqual([A, SA]);
    }
    expect(audience(findRoute('/add-school')!)).toEqual([SA]);
    expect(audience(findRoute('/add-organization')!)).toEqual([SA]);
    // a guardian reads a linked child's
    expect(audience(findRoute('/gradesheet')!)).toEqual([S, T, G, A, V]);
  });

  it('opens each role’s pages to that role only (spec part 1 section 6, part 2 section 6)', () => {
    expect(audience(findRoute('/teacherattendance')!)).toEqual([T]);
    expect(audience(findRoute('/attendance')!)).toEqual([A]);
    expect(audience(findRoute('/viewershowattendanceview')!)).toEqual([V]);
    expect(audience(findRoute('/classbasedstudentabsence')!)).toEqual([A, V]);
    expect(audience(findRoute('/studentprofile')!)).toEqual([S]);
    expect(audience(findRoute('/teacherprofile')!)).toEqual([T, A, V]);
    expect(audience(findRoute('/student-notice-list')!)).toEqual([S, G]);
    expect(audience(findRoute('/viewer-school')!)).toEqual([V]);
    // Marks: teachers enter what they teach, school admins any of the school's.
    expect(audience(findRoute('/markentry')!)).toEqual([T, A]);
    expect(audience(findRoute('/teacherevaluation')!)).toEqual([T, A]);
    expect(audience(findRoute('/teachermark')!)).toEqual([T, A]);
    // The school's resources: every reader of a school, the admin managing them on the same pages.
    for (const path of ['/student-resource', '/studentebook', '/studentimportantlink']) {
      expect(audience(findRoute(path)!), path).toEqual([S, T, A, V]);
    }
    // ... and a guardian the library, for a linked child's loans.
    expect(audience(findRoute('/studentlibrary')!)).toEqual([S, T, G, A, V]);
  });

  it('admits somebody to every protected route, and nobody signed out', () => {
    for (const route of ROUTES) {
      if (isPublic(route)) continue;
      expect(audience(route).length, route.path).toBeGreaterThan(0);
      expect(canOpen(route, null), route.path).toBe(false);
    }
  });

  it('never opens a route for a user type that could not make the calls its screen makes', () => {
    const gaps: string[] = [];
    for (const route of ROUTES) {
      for (const type of audience(route)) {
        for (const action of callsOf(route)) {
          if (!can(type, action)) gaps.push(`${route.path}: user type ${type} may open it but not call ${action}`);
        }
      }
    }
    expect(gaps).toEqual([]);
  });

  it('lists calls only for paths of the route table', () => {
    const stale = Object.keys(ROUTE_CALLS).filter((path) => findRoute(path)?.path !== path || findRoute(path)?.aliasOf);
    expect(stale).toEqual([]);
  });

  it('lists the calls of every built screen that reads or writes data', () => {
    const readers = ROUTES.filter((r) => r.built && callsOf(r).length > 0).map((r) => r.path);
    // Every built screen except sign-in, the plain dashboards and the notice menus calls the API.
    const silent = ROUTES.filter((r) => r.built && callsOf(r).length === 0)
      .map((r) => r.path)
      .sort();
    expect(silent).toEqual(
      [
        '/',
        '/login',
        '/viewer-admin',
        '/teacher-feature',
        '/student-notice_option',
        '/viewer-notice',
        '/viewerRoutine',
        '/studentEvaluation',
        '/markentry',
        '/student-payment',
        '/student-resource',
      ].sort(),
    );
    expect(readers).toContain('/teacherattendance');
  });

  it('points every dashboard tile at a route its dashboard’s user may open', () => {
    for (const [dashboard, tiles] of Object.entries(DASHBOARD_TILES)) {
      const owner = findRoute(dashboard);
      expect(owner).toBeDefined();
      const type = audience(owner!)[0];
      expect(tilesFor(dashboard, type)).toHaveLength(tiles.length);
    }
    // A student may open none of the teacher's pages but the resources and activities, which every reader shares.
    expect(tilesFor('/teacher-admin', S).map((t) => t.to)).toEqual(['/student-resource', '/student-activity']);
    expect(tilesFor('/super-admin', SA).map((t) => t.to)).toEqual([
      '/add-school',
      '/add-organization',
      '/create-class',
      '/section-create',
      '/period-create',
      '/create-subject',
    ]);
  });

  it('lets the guard, the tiles and the palette agree on who may open what', () => {
    for (const type of ALL_USER_TYPES) {
      const view: SessionView = {
        phase: 'signedIn',
        userType: type,
        school: { id: 1, school_name: 'X' },
        returnTo: null,
      };
      const opened = ROUTES.filter((r) => !isPublic(r) && decideAccess(r.path, r, view).kind === 'shell');
      expect(
        opened
          .filter((r) => !r.aliasOf)
          .map((r) => r.path)
          .sort(),
      ).toEqual(
        routesFor(type)
          .map((r) => r.path)
          .sort(),
      );
      for (const tiles of Object.keys(DASHBOARD_TILES)) {
        for (const tile of tilesFor(tiles, type)) expect(opened.map((r) => r.path)).toContain(tile.to);
      }
    }
  });
});

describe('decideAccess', () => {
  const view = (over: Partial<SessionView>): SessionView => ({
    phase: 'signedIn',
    userType: T,
    school: null,
    returnTo: null,
    ...over,
  });

  it('waits while restoring or signing out', () => {
    expect(decideAccess('/teacher-admin', findRoute('/teacher-admin'), view({ phase: 'restoring' })).kind).toBe(
      'loading',
    );
    expect(decideAccess('/login', findRoute('/login'), view({ phase: 'signingOut' })).kind).toBe('loading');
  });

  it('remembers the page for a signed-out visitor', () => {
    expect(
      decideAccess('/show-notice?type=2', findRoute('/show-notice'), view({ phase: 'signedOut', userType: null })),
    ).toEqual({
      kind: 'redirect',
      to: '/login',
      remember: '/show-notice?type=2',
    });
  });

  it('sends a signed-in user on /login to the remembered page only if it is theirs', () => {
    expect(decideAccess('/login', findRoute('/login'), view({ returnTo: '/routine' }))).toMatchObject({
      to: '/routine',
      landed: true,
    });
    expect(decideAccess('/login', findRoute('/login'), view({ returnTo: '/add-school' }))).toMatchObject({
      to: '/teacher-admin',
    });
  });

  it('names who a page is for', () => {
    expect(decideAccess('/add-school', findRoute('/add-school'), view({}))).toEqual({
      kind: 'redirect',
      to: '/teacher-admin',
      message: 'That page is for super admins.',
    });
    expect(forWhom(findRoute('/showhomework')!)).toBe('That page is for school admins and viewers.');
    expect(forWhom(findRoute('/gradesheet')!)).toBe(
      'That page is for students, teachers, guardians, school admins and viewers.',
    );
  });

  it('asks a viewer to choose a school before browsing one', () => {
    expect(decideAccess('/viewer-notice', findRoute('/viewer-notice'), view({ userType: V }))).toMatchObject({
      to: '/viewer-school',
    });
    expect(
      decideAccess(
        '/viewer-notice',
        findRoute('/viewer-notice'),
        view({ userType: V, school: { id: 1, school_name: 'X' } }),
      ).kind,
    ).toBe('shell');
    // A school admin opening a shared page needs no chosen school.
    expect(decideAccess('/showhomework', findRoute('/showhomework'), view({ userType: A })).kind).toBe('shell');
  });
});
