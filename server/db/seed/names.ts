/** Name, address and other pools for the demo seed. Plausible, invented people and places. */

export type Religion = 'muslim' | 'hindu' | 'buddhist';

export const MUSLIM_BOY_NAMES = [
  'Tanvir', 'Rakib', 'Sakib', 'Arif', 'Fahim', 'Nafis', 'Rifat', 'Imran', 'Siam', 'Tahsin',
  'Ayaan', 'Shihab', 'Mahin', 'Nayeem', 'Sabbir', 'Tamim', 'Zarif', 'Rayhan', 'Hasib', 'Mehedi',
  'Shakil', 'Tousif', 'Adnan', 'Labib', 'Fardin', 'Ishtiaq', 'Junaid', 'Rafsan', 'Samin', 'Abrar',
  'Nahid', 'Tahmid', 'Sadman', 'Rashed', 'Mushfiq', 'Ehsan', 'Yasin', 'Ashik', 'Saad', 'Farhan',
] as const;

export const MUSLIM_GIRL_NAMES = [
  'Nusrat', 'Tasnim', 'Sadia', 'Farzana', 'Anika', 'Raisa', 'Mahira', 'Sumaiya', 'Tahmina', 'Nabila',
  'Ishrat', 'Jannatul', 'Fariha', 'Lamia', 'Maliha', 'Samiha', 'Afrin', 'Tanjila', 'Sharmin', 'Nadia',
  'Rumana', 'Mithila', 'Sanjida', 'Mim', 'Orin', 'Tasfia', 'Zarin', 'Humaira', 'Nafisa', 'Ayesha',
  'Sabiha', 'Marzia', 'Labiba', 'Rafia', 'Nowshin', 'Tanha', 'Sinthia', 'Adiba', 'Rodela', 'Faiza',
] as const;

export const HINDU_BOY_NAMES = [
  'Arko', 'Pranto', 'Sourav', 'Dipto', 'Joy', 'Shuvo', 'Anik', 'Rahul', 'Pritom', 'Sajib',
  'Niloy', 'Tonmoy', 'Apurbo', 'Ratul', 'Shovon',
] as const;

export const HINDU_GIRL_NAMES = [
  'Ananya', 'Priyanka', 'Shreya', 'Tithi', 'Puja', 'Moumita', 'Trisha', 'Bristi', 'Oishi', 'Debjani',
  'Sharmistha', 'Rupa', 'Mitu', 'Papia', 'Antara',
] as const;

export const BUDDHIST_BOY_NAMES = ['Sujan', 'Tanmoy', 'Pragyan', 'Rubel', 'Shimul', 'Jyoti', 'Sudipto'] as const;
export const BUDDHIST_GIRL_NAMES = ['Sraboni', 'Dipa', 'Pragya', 'Sucharita', 'Mousumi', 'Ratna', 'Jharna'] as const;

/** Family names (a boy usually carries his father's). */
export const MUSLIM_SURNAMES = [
  'Hasan', 'Hossain', 'Rahman', 'Ahmed', 'Islam', 'Chowdhury', 'Khan', 'Uddin', 'Alam', 'Sarker',
  'Karim', 'Haque', 'Talukder', 'Bhuiyan', 'Siddique', 'Mahmud', 'Kabir', 'Miah', 'Majumder', 'Patwary',
] as const;
/** Girls' own last names that are not the father's. */
export const MUSLIM_GIRL_SURNAMES = ['Akter', 'Khatun', 'Sultana', 'Jahan', 'Islam', 'Nahar'] as const;
export const HINDU_SURNAMES = ['Das', 'Saha', 'Roy', 'Ghosh', 'Dey', 'Paul', 'Chakraborty', 'Sen', 'Biswas', 'Nath'] as const;
export const BUDDHIST_SURNAMES = ['Barua', 'Chakma', 'Mutsuddi'] as const;

export const MUSLIM_FATHER_NAMES = [
  'Abdul Mannan', 'Rafiqul', 'Shahidul', 'Jahangir', 'Mizanur', 'Nazrul', 'Abul Kalam', 'Aminul',
  'Harun', 'Kamrul', 'Mostafizur', 'Saiful', 'Anwar', 'Delwar', 'Faruk', 'Habibur', 'Jasim',
  'Khairul', 'Mahbubur', 'Nurul', 'Obaidul', 'Zakir', 'Lutfor', 'Monirul', 'Shafiqul', 'Alamgir',
] as const;
export const MUSLIM_MOTHER_NAMES = [
  'Rokeya', 'Shahnaz', 'Nasrin', 'Hasina', 'Rehana', 'Salma', 'Parvin', 'Shirin', 'Fatema', 'Ayesha',
  'Jesmin', 'Laila', 'Morjina', 'Rozina', 'Shamima', 'Sabina', 'Taslima', 'Monowara', 'Nazma', 'Kohinur',
] as const;
export const MUSLIM_MOTHER_SURNAMES = ['Begum', 'Akter', 'Khatun', 'Sultana', 'Parvin'] as const;
export const HINDU_FATHER_NAMES = ['Gopal', 'Shyamal', 'Prodip', 'Nitai', 'Subrata', 'Ashok', 'Bimal', 'Tapan', 'Uttam', 'Haradhan'] as const;
export const HINDU_MOTHER_NAMES = ['Shefali', 'Anjali', 'Kalpana', 'Mala', 'Shikha', 'Purnima', 'Sandhya', 'Bina'] as const;
export const BUDDHIST_FATHER_NAMES = ['Sukumar', 'Ratan', 'Dilip', 'Pulak', 'Sanjib'] as const;
export const BUDDHIST_MOTHER_NAMES = ['Shilpi', 'Rina', 'Anima', 'Chaya', 'Keya'] as const;

/** Home districts for permanent addresses: [upazila, district, division]. */
export const HOME_PLACES = [
  ['Savar', 'Dhaka', 'Dhaka'],
  ['Bhairab', 'Kishoreganj', 'Dhaka'],
  ['Sreenagar', 'Munshiganj', 'Dhaka'],
  ['Kalihati', 'Tangail', 'Dhaka'],
  ['Shibchar', 'Madaripur', 'Dhaka'],
  ['Bhanga', 'Faridpur', 'Dhaka'],
  ['Daudkandi', 'Cumilla', 'Chattogram'],
  ['Chandina', 'Cumilla', 'Chattogram'],
  ['Begumganj', 'Noakhali', 'Chattogram'],
  ['Matlab', 'Chandpur', 'Chattogram'],
  ['Sitakunda', 'Chattogram', 'Chattogram'],
  ['Patiya', 'Chattogram', 'Chattogram'],
  ['Raozan', 'Chattogram', 'Chattogram'],
  ['Fatikchhari', 'Chattogram', 'Chattogram'],
  ['Ramu', "Cox's Bazar", 'Chattogram'],
  ['Gafargaon', 'Mymensingh', 'Mymensingh'],
  ['Ullapara', 'Sirajganj', 'Rajshahi'],
  ['Bakerganj', 'Barishal', 'Barishal'],
  ['Nabiganj', 'Habiganj', 'Sylhet'],
  ['Pirganj', 'Rangpur', 'Rangpur'],
  ['Dumuria', 'Khulna', 'Khulna'],
] as const;

export const VILLAGES = [
  'Rampur', 'Krishnapur', 'Char Kalia', 'Uttarpara', 'Dakshinpara', 'Noapara', 'Madhupur', 'Sonapur',
  'Kashimpur', 'Hatirpara', 'Borogram', 'Shantipur', 'Boalia', 'Chandipur', 'Kamalpur',
] as const;

export const BLOOD_GROUPS: (readonly [string, number])[] = [
  ['B+', 30],
  ['O+', 29],
  ['A+', 24],
  ['AB+', 8],
  ['O-', 3],
  ['B-', 3],
  ['A-', 2],
  ['AB-', 1],
];
