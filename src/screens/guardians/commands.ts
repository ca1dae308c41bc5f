/**
 * The palette finds a guardian's child by name: one command per child and page of
 * theirs ("Rahim Uddin: Attendance history"), loaded when the palette opens. Imported once by
 * src/app.tsx, so this module stays tiny; the children are fetched by ./child-jumps, its own chunk.
 */
import { can } from '@/api/permissions';
import { i18n } from '@/i18n/i18n';
import { registerCommands, type CommandLoader } from '@/ui/commands';

export const childJumps: CommandLoader = {
  id: 'guardians:children',
  get label() {
    return i18n.t('guardians.commands.loader');
  },
  visible: (ctx) => can(ctx.userType, 'guardian.children'),
  load: () => import('./child-jumps').then((m) => m.loadChildJumps()),
};

registerCommands(childJumps);
