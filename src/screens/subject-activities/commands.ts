/**
 * The palette's subject activity commands, on every page (imported once by src/app.tsx, so this
 * module is in the first chunk and must stay tiny: no screen code, no API code). The pages
 * themselves are in the palette from src/routes.ts; these are the actions: a teacher's "Set a
 * subject activity" (the form on /teacheractivity, its first field focused by the page) and a
 * student's "Activities to answer" (docs/DOMAIN.md, "Exams and grades", subject activities).
 */
import { can } from '@/api/permissions';
import { registerCommands, type Command } from '@/ui/commands';
import { i18n } from '@/i18n/i18n';

/** Words that find the commands in either language, whatever the one shown. */
export const ACTIVITY_KEYWORDS = ['activity', 'project', 'assignment', 'কার্যক্রম', 'প্রকল্প'] as const;

export const subjectActivityCommands: readonly Command[] = [
  {
    id: 'action:new-subject-activity',
    // Read when the palette draws it: in the language of that moment.
    get label() {
      return i18n.t('subject_activities.commands.newActivity');
    },
    keywords: [...ACTIVITY_KEYWORDS, 'new activity', 'set activity', 'extra curriculum', 'নতুন কার্যক্রম'],
    group: 'Actions',
    visible: (ctx) => can(ctx.userType, 'subject-activity.create'),
    perform: (ctx) => ctx.navigate('/teacheractivity'),
  },
  {
    id: 'action:answer-subject-activities',
    get label() {
      return i18n.t('subject_activities.commands.answerActivities');
    },
    keywords: [...ACTIVITY_KEYWORDS, 'answer', 'submit', 'উত্তর'],
    group: 'Actions',
    visible: (ctx) => can(ctx.userType, 'subject-activity.submit'),
    perform: (ctx) => ctx.navigate('/studentactivities'),
  },
];

registerCommands(subjectActivityCommands);
