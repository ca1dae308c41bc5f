/** True when a key press belongs to a text field (so single-key shortcuts must not fire). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

/** What each shortcut does: a key of the catalogue's `shell.shortcuts`. */
export const SHORTCUTS = [
  { keys: ['Ctrl', 'K'], what: 'openPaletteMac' },
  { keys: ['/'], what: 'openPalette' },
  { keys: ['?'], what: 'showShortcuts' },
  { keys: ['↑', '↓'], what: 'move' },
  { keys: ['Enter'], what: 'run' },
  { keys: ['Esc'], what: 'close' },
] as const;

/** The media query of a touch screen without a fine pointer (CSS: the `touch:` variant). */
export const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

/** True on phones and tablets: keyboard hints are hidden there (a search button opens the palette). */
export function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(TOUCH_QUERY).matches
    : false;
}
