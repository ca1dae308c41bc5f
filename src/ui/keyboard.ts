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

export const SHORTCUTS: ReadonlyArray<{ keys: string[]; what: string }> = [
  { keys: ['Ctrl', 'K'], what: 'Open the command palette (⌘K on a Mac)' },
  { keys: ['/'], what: 'Open the command palette' },
  { keys: ['?'], what: 'Show these keyboard shortcuts' },
  { keys: ['↑', '↓'], what: 'Move through the palette' },
  { keys: ['Enter'], what: 'Go to the chosen page or run the action' },
  { keys: ['Esc'], what: 'Close the palette or a dialog' },
];

/** The media query of a touch screen without a fine pointer (CSS: the `touch:` variant). */
export const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

/** True on phones and tablets: keyboard hints are hidden there (a search button opens the palette). */
export function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(TOUCH_QUERY).matches
    : false;
}
