/**
 * The CSV import's checks (server/services/import.ts), from files written out row by row: the
 * header as people write it, every problem by row and column (row 1 is the header), dates and
 * phones as Excel leaves them, class, section, shift, group and gender by name, and the inputs a
 * clean row gives. No database: the names are looked up in literal lists (`checkStudentRows`), and
 * the conflicts with what is stored (`studentConflicts` / `teacherConflicts`, database reads) are
 * given as literal lists to `withConflicts`. These run once per mutant in `npm run mutate`
 * (docs/testing.md "Mutation testing").
 */
import {
  checkStudentRows,
  checkTeacherRows,
  isoDateOf,
  parseCsv,
  withConflicts,
  type StudentLookups,
} from '@server/services/import';

const csv = (...lines: string[]) => lines.join('\n');

/**
 * Class Six (code VI) has section A in both shifts and B in the morning; Seven (VII) has A in the
 * morning; Eight has no code; Ten was saved with spaces around its name and code.
 */
const LOOKUPS: StudentLookups = {
  classes: [
    { id: 6, name: 'Six', code: 'VI' },
    { id: 7, name: 'Seven', code: 'VII' },
    { id: 8, name: 'Eight', code: '' },
    { id: 10, name: ' Ten ', code: 'X ' },
  ],
  sections: [
    { id: 61, classId: 6, shiftId: 1, name: 'A' },
    { id: 62, classId: 6, shiftId: 2, name: 'A' },
    { id: 63, classId: 6, shiftId: 1, name: 'B' },
    { id: 71, classId: 7, shiftId: 1, name: 'A' },
    { id: 81, classId: 8, shiftId: 2, name: 'Rose' },
    { id: 101, classId: 10, shiftId: 1, name: 'A' },
  ],
  shifts: [
    { id: 1, name: 'Morning' },
    { id: 2, name: 'Day' },
  ],
  groups: [
    { id: 1, name: 'Science' },
    { id: 2, name: 'Humanities' },
  ],
  genders: [
    { id: 1, name: 'Male' },
    { id: 2, name: 'Female' },
  ],
};

/** The report of a student file as checkStudentImport makes it, with no conflict stored. */
const students = (text: string) => withConflicts(checkStudentRows(text, LOOKUPS), [], { class_roll_no: 'roll' });
const teachers = (text: string) => withConflicts(checkTeacherRows(text), []);

const STUDENT_HEADER = 'student_code,first_name,last_name,class,section,shift,group,roll,gender,dob,mobile_no';
const TEACHER_HEADER = 'teacher_code,first_name,initial,mobile,dob';

/** A student input with nothing but what the row gave. */
const student = (fields: Partial<ReturnType<typeof checkStudentRows>['inputs'][number]>) => ({
  studentCode: '',
  firstName: '',
  middleName: '',
  lastName: '',
  mobileNo: '',
  email: '',
  genderId: null,
  divisionId: null,
  presentAddress: '',
  permanentAddress: '',
  fatherName: '',
  fatherPhoneNumber: '',
  motherName: '',
  motherPhoneNumber: '',
  dob: null,
  bloodGroup: '',
  photoId: '',
  groupId: null,
  ...fields,
});

describe('a clean student file', () => {
  it('every column of the template becomes the student’s input', () => {
    const header =
      'student_code,first_name,middle_name,last_name,class,section,shift,group,roll,dob,gender,mobile_no,email,' +
      'father_name,father_phone_number,mother_name,mother_phone_number,present_address,permanent_address,blood_group';
    const row =
      'S-1001,Rahim,Ali,Uddin,Six,A,Day,Science,12,3/12/2012,Male,1712345678,rahim@mail.bd,' +
      'Karim Uddin,+880 1812-345678,Amena Begum,01912345678,Mirpur 10,Cumilla,O+';
    expect(students(csv(header, row))).toEqual({
      rows: 1,
      errors: [],
      inputs: [
        {
          studentCode: 'S-1001',
          firstName: 'Rahim',
          middleName: 'Ali',
          lastName: 'Uddin',
          mobileNo: '01712345678',
          email: 'rahim@mail.bd',
          genderId: 1,
          divisionId: null,
          presentAddress: 'Mirpur 10',
          permanentAddress: 'Cumilla',
          fatherName: 'Karim Uddin',
          fatherPhoneNumber: '01812345678',
          motherName: 'Amena Begum',
          motherPhoneNumber: '01912345678',
          dob: '2012-12-03',
          bloodGroup: 'O+',
          photoId: '',
          shiftId: 2,
          classId: 6,
          sectionId: 62,
          groupId: 1,
          classRollNo: 12,
        },
      ],
    });
  });

  it('names are found whatever their case and spaces, a class by its code too; empty optional cells stay empty', () => {
    const report = students(
      csv(
        STUDENT_HEADER,
        's-1,Rahim,,vii,a,,,1,,,',
        'S-2,Karim,,SIX,b,morning,humanities,2,female,,',
        'S-3,Amena,,vi,A,DAY,,3,,,',
        'S-4,Rina,,Eight,rose,,,4,,,',
        'S-5,Salma,,ten,A,,,5,,,',
        'S-6,Nadia,,x,A,,,6,,,',
      ),
    );
    expect(report.errors).toEqual([]);
    expect(report.inputs).toEqual([
      student({ studentCode: 's-1', firstName: 'Rahim', shiftId: 1, classId: 7, sectionId: 71, classRollNo: 1 }),
      student({
        studentCode: 'S-2',
        firstName: 'Karim',
        genderId: 2,
        groupId: 2,
        shiftId: 1,
        classId: 6,
        sectionId: 63,
        classRollNo: 2,
      }),
      student({ studentCode: 'S-3', firstName: 'Amena', shiftId: 2, classId: 6, sectionId: 62, classRollNo: 3 }),
      student({ studentCode: 'S-4', firstName: 'Rina', shiftId: 2, classId: 8, sectionId: 81, classRollNo: 4 }),
      student({ studentCode: 'S-5', firstName: 'Salma', shiftId: 1, classId: 10, sectionId: 101, classRollNo: 5 }),
      student({ studentCode: 'S-6', firstName: 'Nadia', shiftId: 1, classId: 10, sectionId: 101, classRollNo: 6 }),
    ]);
  });

  it.each([
    { roll: '1', n: 1 },
    { roll: '007', n: 7 },
    { roll: '9999', n: 9999 },
  ])('roll “$roll” is $n', ({ roll, n }) => {
    const report = students(csv(STUDENT_HEADER, `S-1,Rahim,,Seven,A,,,${roll},,,`));
    expect(report.errors).toEqual([]);
    expect(report.inputs.map((i) => i.classRollNo)).toEqual([n]);
  });
});

describe('a student row’s class, section and shift', () => {
  const problems = (...rows: string[]) => students(csv(STUDENT_HEADER, ...rows));

  it.each([
    {
      what: 'a class the school does not have',
      row: 'S-1,Rahim,,Nine,A,,,1,,,',
      errors: [{ row: 2, column: 'class', message: 'no class named “Nine”' }],
    },
    {
      what: 'a section the class does not have, named with the class’s own name',
      row: 'S-1,Rahim,,VII,C,,,1,,,',
      errors: [{ row: 2, column: 'section', message: 'Seven has no section named “C”' }],
    },
    {
      what: 'a section that is not in the shift named',
      row: 'S-1,Rahim,,Seven,A,Day,,1,,,',
      errors: [{ row: 2, column: 'section', message: 'Seven has no section named “A”' }],
    },
    {
      what: 'a section in two shifts without the shift',
      row: 'S-1,Rahim,,Six,A,,,1,,,',
      errors: [{ row: 2, column: 'shift', message: 'section “A” is in several shifts: name the shift' }],
    },
    {
      what: 'a shift the school does not have (the section alone is then sought)',
      row: 'S-1,Rahim,,Seven,A,Evening,,1,,,',
      errors: [{ row: 2, column: 'shift', message: 'no shift named “Evening”' }],
    },
    {
      what: 'an unknown shift with a section in two shifts: both are said',
      row: 'S-1,Rahim,,Six,A,Evening,,1,,,',
      errors: [
        { row: 2, column: 'shift', message: 'no shift named “Evening”' },
        { row: 2, column: 'shift', message: 'section “A” is in several shifts: name the shift' },
      ],
    },
    {
      what: 'a group and a gender that do not exist',
      row: 'S-1,Rahim,,Seven,A,,Arts,1,Other,,',
      errors: [
        { row: 2, column: 'gender', message: 'no gender named “Other”: write Male, Female (or M, F)' },
        { row: 2, column: 'group', message: 'no group named “Arts”' },
      ],
    },
  ])('$what', ({ row, errors }) => {
    expect(problems(row)).toEqual({ rows: 1, errors, inputs: [] });
  });

  it.each(['0', '10000', '12a', '-3', '1.5'])('roll “%s” is not a roll', (roll) => {
    expect(problems(`S-1,Rahim,,Seven,A,,,${roll},,,`)).toEqual({
      rows: 1,
      errors: [{ row: 2, column: 'roll', message: 'must be a whole number from 1 to 9999' }],
      inputs: [],
    });
  });

  it('a row with an empty class, section or roll is reported, not left out quietly', () => {
    expect(problems('S-1,Rahim,,Seven,,,,1,,,', 'S-2,Karim,,,A,,,2,,,', 'S-3,Nadia,,Seven,A,,,,,,')).toEqual({
      rows: 3,
      errors: [
        { row: 2, column: 'section', message: 'section is required' },
        { row: 3, column: 'class', message: 'class is required' },
        { row: 4, column: 'roll', message: 'roll is required' },
      ],
      inputs: [],
    });
  });
});

describe('dates and phones as Excel leaves them', () => {
  it.each([
    { dob: '2012-12-03', iso: '2012-12-03' },
    { dob: '2012-2-5', iso: '2012-02-05' },
    { dob: '03/12/2012', iso: '2012-12-03' },
    { dob: '3/12/2012', iso: '2012-12-03' },
    { dob: '03-12-2012', iso: '2012-12-03' },
    { dob: '3.12.2012', iso: '2012-12-03' },
    { dob: '29/02/2012', iso: '2012-02-29' },
  ])('dob “$dob” is $iso', ({ dob, iso }) => {
    expect(isoDateOf(dob)).toBe(iso);
    expect(students(csv(STUDENT_HEADER, `S-1,Rahim,,Seven,A,,,1,,${dob},`)).inputs.map((i) => i.dob)).toEqual([iso]);
  });

  it.each([
    '29/02/2013',
    '31/04/2012',
    '2012-13-01',
    '2012-00-10',
    '12/3/12',
    '2012/12/03',
    '3 12 2012',
    'x2012-12-03',
    '2012-12-03x',
    'x3/12/2012',
    '3/12/2012x',
    '123/12/2012',
    '3/123/2012',
    '2012-123-03',
    '2012-12-003',
  ])('“%s” is not a date: one problem, in the dob column', (dob) => {
    expect(isoDateOf(dob)).toBeNull();
    expect(students(csv(STUDENT_HEADER, `S-1,Rahim,,Seven,A,,,1,,${dob},`))).toEqual({
      rows: 1,
      errors: [{ row: 2, column: 'dob', message: 'must be a date as YYYY-MM-DD or DD/MM/YYYY' }],
      inputs: [],
    });
  });

  it('a date before 1900 is a real date the shared rule refuses', () => {
    expect(students(csv(STUDENT_HEADER, 'S-1,Rahim,,Seven,A,,,1,,31/12/1899,')).errors).toEqual([
      { row: 2, column: 'dob', message: 'must be a date from 1900-01-01 to 2100-12-31' },
    ]);
  });

  it.each([
    { phone: '01712345678', stored: '01712345678' },
    { phone: '1712345678', stored: '01712345678' },
    { phone: '+8801712345678', stored: '01712345678' },
    { phone: '017-1234-5678', stored: '01712345678' },
  ])('mobile “$phone” is stored as $stored', ({ phone, stored }) => {
    expect(students(csv(STUDENT_HEADER, `S-1,Rahim,,Seven,A,,,1,,,${phone}`)).inputs.map((i) => i.mobileNo)).toEqual([
      stored,
    ]);
  });

  it('a phone that is not a mobile number is one problem in its own column, each phone apart', () => {
    const header = 'student_code,first_name,class,section,roll,mobile_no,father_phone_number,mother_phone_number';
    expect(students(csv(header, 'S-1,Rahim,Seven,A,1,12345,01812345678,0171234')).errors).toEqual([
      { row: 2, column: 'mobile_no', message: 'must be a mobile number like 01712345678' },
      { row: 2, column: 'mother_phone_number', message: 'must be a mobile number like 01712345678' },
    ]);
    expect(students(csv(header, 'S-1,Rahim,Seven,A,1,,99,')).errors).toEqual([
      { row: 2, column: 'father_phone_number', message: 'must be a mobile number like 01712345678' },
    ]);
  });
});

describe('the shared field rules, by row and column', () => {
  it('every problem of every row, sorted by row, then column; clean rows still give their inputs', () => {
    const header = 'student_code,first_name,class,section,roll,email,blood_group';
    const report = students(
      csv(
        header,
        'S 1,,Nine,A,0,rahim@,',
        'S-2,Karim,Seven,A,2,,',
        'S-3,=cmd,Seven,A,3,,AB-',
        'S-4,Amena,Seven,A,4,amena@mail.bd,B-',
      ),
    );
    expect(report).toEqual({
      rows: 4,
      errors: [
        { row: 2, column: 'class', message: 'no class named “Nine”' },
        { row: 2, column: 'email', message: 'email must be an e-mail address' },
        { row: 2, column: 'first_name', message: 'first_name is required' },
        { row: 2, column: 'roll', message: 'must be a whole number from 1 to 9999' },
        {
          row: 2,
          column: 'student_code',
          message: 'student_code may hold only letters, digits, dot, dash and underscore',
        },
        {
          row: 4,
          column: 'first_name',
          message: 'first_name must not begin with =, +, - or @ (a spreadsheet would run it as a formula)',
        },
      ],
      inputs: [
        student({ studentCode: 'S-2', firstName: 'Karim', shiftId: 1, classId: 7, sectionId: 71, classRollNo: 2 }),
        student({
          studentCode: 'S-4',
          firstName: 'Amena',
          email: 'amena@mail.bd',
          bloodGroup: 'B-',
          shiftId: 1,
          classId: 7,
          sectionId: 71,
          classRollNo: 4,
        }),
      ],
    });
  });
});

describe('a teacher file', () => {
  it('every column of the template becomes the teacher’s input', () => {
    const header =
      'teacher_code,title,first_name,middle_name,last_name,initial,mobile,email,designation,department,' +
      'mpo_status,index_no,blood_group,dob,subject_code';
    const row =
      'T-01,Mr,Karim,Ahmed,Hossain,KH,1812345678,karim@school.bd,Assistant Teacher,Science,MPO,12345,B+,12/04/1985,PHY';
    expect(teachers(csv(header, row))).toEqual({
      rows: 1,
      errors: [],
      inputs: [
        {
          teacherCode: 'T-01',
          title: 'Mr',
          firstName: 'Karim',
          middleName: 'Ahmed',
          lastName: 'Hossain',
          mobile: '01812345678',
          initial: 'KH',
          designation: 'Assistant Teacher',
          department: 'Science',
          mpoStatus: 'MPO',
          indexNo: '12345',
          bloodGroup: 'B+',
          email: 'karim@school.bd',
          dob: '1985-04-12',
          subjectCode: 'PHY',
        },
      ],
    });
  });

  it('a row with a problem gives no input; the others do, with an unknown dob as null', () => {
    const report = teachers(
      csv(TEACHER_HEADER, 'T-01,Karim,KH,,', 'T-02,Rina,,12345,', 'T-03,Amena,AB,,1990-02-30', 'T-04,Salma,SB,,'),
    );
    expect(report.errors).toEqual([
      { row: 3, column: 'initial', message: 'initial is required' },
      { row: 3, column: 'mobile', message: 'must be a mobile number like 01712345678' },
      { row: 4, column: 'dob', message: 'must be a date as YYYY-MM-DD or DD/MM/YYYY' },
    ]);
    expect(report.inputs.map((i) => [i.teacherCode, i.initial, i.dob])).toEqual([
      ['T-01', 'KH', null],
      ['T-04', 'SB', null],
    ]);
  });
});

describe('the file’s own problems are in the report with the rows’', () => {
  it('a student file with a column not in the template and one missing', () => {
    const header = 'student_code,first_name,class,section,nickname';
    expect(students(csv(header, 'S-1,,Seven,A,Rahi'))).toEqual({
      rows: 1,
      errors: [
        { row: 1, column: 'nickname', message: 'is not a column of the template' },
        { row: 1, column: 'roll', message: 'column is missing' },
        { row: 2, column: 'first_name', message: 'first_name is required' },
      ],
      inputs: [],
    });
  });

  it('a teacher file with a column not in the template: its clean row is checked all the same', () => {
    const report = teachers(csv('teacher_code,first_name,initial,nickname', 'T-01,Karim,KH,Kiki'));
    expect(report.rows).toBe(1);
    expect(report.errors).toEqual([{ row: 1, column: 'nickname', message: 'is not a column of the template' }]);
    expect(report.inputs.map((i) => [i.teacherCode, i.firstName, i.initial])).toEqual([['T-01', 'Karim', 'KH']]);
  });
});

describe('conflicts with what is stored are reported at the file’s row and column', () => {
  it('the n-th clean row’s conflict is at its row; class_roll_no is the file’s roll column; all sorted', () => {
    const checked = checkStudentRows(
      csv(STUDENT_HEADER, 'S-1,Rahim,,Seven,A,,,1,,,', 'S-2,,,Seven,A,,,2,,,', 'S-3,Amena,,Seven,A,,,1,,,'),
      LOOKUPS,
    );
    const report = withConflicts(
      checked,
      [
        { index: 1, field: 'class_roll_no', message: 'roll 1 appears twice in this list' },
        { index: 0, field: 'student_code', message: 'S-1 is already another account’s user id' },
        { index: 0, field: 'class_roll_no', message: 'roll 1 is already taken in this section' },
      ],
      { class_roll_no: 'roll' },
    );
    expect(report).toEqual({
      rows: 3,
      errors: [
        { row: 2, column: 'roll', message: 'roll 1 is already taken in this section' },
        { row: 2, column: 'student_code', message: 'S-1 is already another account’s user id' },
        { row: 3, column: 'first_name', message: 'first_name is required' },
        { row: 4, column: 'roll', message: 'roll 1 appears twice in this list' },
      ],
      inputs: checked.inputs,
    });
    expect(report.inputs.map((i) => i.studentCode)).toEqual(['S-1', 'S-3']);
  });

  it('a teacher’s conflict keeps its field as the column', () => {
    const report = withConflicts(checkTeacherRows(csv(TEACHER_HEADER, 'T-01,Karim,KH,,', 'T-02,Rina,KH,,')), [
      { index: 1, field: 'initial', message: 'KH appears twice in this list' },
    ]);
    expect(report.errors).toEqual([{ row: 3, column: 'initial', message: 'KH appears twice in this list' }]);
    expect(report.rows).toBe(2);
  });
});

describe('the file itself', () => {
  const KNOWN = ['teacher_code', 'first_name', 'initial', 'mobile'];
  const REQUIRED = ['teacher_code', 'first_name', 'initial'];
  const parse = (text: string) => parseCsv(text, KNOWN, REQUIRED);

  it('header names as people write them are the template’s; cells are trimmed', () => {
    expect(parse(csv('Teacher  Code, FIRST-NAME ,Initial', ' T-01 ,Karim, KH'))).toEqual({
      header: ['teacher_code', 'first_name', 'initial'],
      records: [{ row: 2, values: { teacher_code: 'T-01', first_name: 'Karim', initial: 'KH' } }],
      errors: [],
    });
  });

  it('Excel’s byte order mark is not part of the first name, even quoted', () => {
    expect(parse('\uFEFF"teacher_code",first_name,initial\nT-01,Karim,KH').records).toEqual([
      { row: 2, values: { teacher_code: 'T-01', first_name: 'Karim', initial: 'KH' } },
    ]);
  });

  it('a column not in the template, one written twice, and a missing one are row 1’s problems', () => {
    expect(parse(csv('teacher_code,Nick name,first_name,First Name', 'T-01,KK,Karim,K')).errors).toEqual([
      { row: 1, column: 'Nick name', message: 'is not a column of the template' },
      { row: 1, column: 'First Name', message: 'appears twice' },
      { row: 1, column: 'initial', message: 'column is missing' },
    ]);
  });

  it('a column without a name is left out', () => {
    expect(parse(csv('teacher_code,,first_name,initial', 'T-01,ignored,Karim,KH'))).toEqual({
      header: ['teacher_code', '', 'first_name', 'initial'],
      records: [{ row: 2, values: { teacher_code: 'T-01', first_name: 'Karim', initial: 'KH' } }],
      errors: [],
    });
  });

  it('blank lines are skipped but counted: a row keeps its line number; missing cells are empty', () => {
    expect(parse(csv('teacher_code,first_name,initial', '', ' , ,', 'T-01,Karim', '')).records).toEqual([
      { row: 4, values: { teacher_code: 'T-01', first_name: 'Karim', initial: '' } },
    ]);
  });

  it('a file of one column (no delimiter to find) has only its missing columns as problems', () => {
    expect(parse(csv('teacher_code', 'T-01')).errors).toEqual([
      { row: 1, column: 'first_name', message: 'column is missing' },
      { row: 1, column: 'initial', message: 'column is missing' },
    ]);
  });

  it('a quote left open is a problem of the row it opens in', () => {
    expect(parse(csv('teacher_code,first_name,initial', 'T-01,Karim,KH', 'T-02,"Rina,RB')).errors).toEqual([
      { row: 3, column: '', message: 'Quoted field unterminated' },
    ]);
  });

  it('a file without rows says so at row 2; an empty file only misses its columns', () => {
    expect(parse(csv('teacher_code,first_name,initial', '', '')).errors).toEqual([
      { row: 2, column: '', message: 'the file has no rows' },
    ]);
    expect(parse('').errors).toEqual([
      { row: 1, column: 'teacher_code', message: 'column is missing' },
      { row: 1, column: 'first_name', message: 'column is missing' },
      { row: 1, column: 'initial', message: 'column is missing' },
    ]);
  });

  it('5000 rows are one file; 5001 are refused at row 5002', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `T-${i},Name,N${i}`);
    const at5000 = parse(csv('teacher_code,first_name,initial', ...rows(5000)));
    expect(at5000.errors).toEqual([]);
    expect(at5000.records).toHaveLength(5000);
    expect(at5000.records[4999].row).toBe(5001);
    expect(parse(csv('teacher_code,first_name,initial', ...rows(5001))).errors).toEqual([
      { row: 5002, column: '', message: 'a file may hold at most 5000 rows' },
    ]);
  });
});
