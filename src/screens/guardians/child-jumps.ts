/** The palette's commands for a guardian's children (see ./commands): its own chunk. */
import { fetchChildren } from '@/api/guardians';
import { i18n } from '@/i18n/i18n';
import type { Command } from '@/ui/commands';
import { CHILD_LINKS, forChild } from './child-links';

/** Words a guardian types for a page besides its name, in both languages. */
const LINK_WORDS: Record<(typeof CHILD_LINKS)[number][0], readonly string[]> = {
  attendance: ['attendance', 'present', 'absent', 'উপস্থিতি', 'হাজিরা'],
  routine: ['routine', 'timetable', 'রুটিন'],
  homework: ['homework', 'বাড়ির কাজ'],
  marks: ['marks', 'results', 'নম্বর', 'ফলাফল'],
  gradesheet: ['grade', 'gpa', 'pdf', 'গ্রেড'],
  notices: ['notice', 'নোটিশ'],
  calendar: ['calendar', 'holidays', 'ক্যালেন্ডার', 'ছুটি'],
  eschool: ['online classes', 'eschool', 'অনলাইন'],
  activities: ['activity', 'clubs', 'কার্যক্রম'],
  subjectActivities: ['activity', 'project', 'assignment', 'কার্যক্রম', 'প্রকল্প'],
  library: ['library', 'books', 'লাইব্রেরি', 'বই'],
  invoices: ['fees', 'dues', 'invoice', 'pay', 'ফি', 'বকেয়া', 'বেতন'],
  paid: ['receipts', 'paid', 'রসিদ'],
};

export async function loadChildJumps(): Promise<Command[]> {
  const children = await fetchChildren();
  return children.flatMap((child) =>
    CHILD_LINKS.map(([key, path]): Command => ({
      id: `child:${child.student_id}:${key}`,
      label: i18n.t('guardians.commands.child', { name: child.full_name, page: i18n.t(`guardians.links.${key}`) }),
      keywords: [child.student_code, ...LINK_WORDS[key]],
      group: 'Go to',
      perform: (ctx) => ctx.navigate(forChild(path, child.student_id)),
    })),
  );
}
