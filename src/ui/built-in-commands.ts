/** The palette's own commands: every route the user may open ("Go to") and the session actions. */
import { PROFILE_ROUTE, routesFor } from '@/routes';
import type { Command, CommandSource } from '@/ui/commands';

export const builtInCommands: CommandSource = (ctx) => [
  ...routesFor(ctx.userType).map((route): Command => ({
    id: `go:${route.path}`,
    label: route.label,
    keywords: [...route.keywords, route.path],
    group: 'Go to',
    hint: route.built ? undefined : 'not built yet',
    perform: (c) => c.navigate(route.path),
  })),
  {
    id: 'action:profile',
    label: 'Profile',
    keywords: ['my profile', 'account'],
    group: 'Actions',
    visible: (c) => PROFILE_ROUTE[c.userType] !== undefined,
    perform: (c) => c.navigate(PROFILE_ROUTE[c.userType] ?? '/'),
  },
  {
    id: 'action:switch-school',
    label: 'Switch school',
    keywords: ['choose school', 'change school'],
    group: 'Actions',
    visible: (c) => c.userType === 6,
    perform: (c) => c.navigate('/viewer-school'),
  },
  {
    id: 'action:shortcuts',
    label: 'Keyboard shortcuts',
    keywords: ['help', 'keys'],
    group: 'Actions',
    hint: '?',
    perform: (c) => c.openShortcuts(),
  },
  {
    id: 'action:logout',
    label: 'Log out',
    keywords: ['sign out', 'logout', 'exit'],
    group: 'Actions',
    perform: (c) => c.logout(),
  },
];
