/**
 * The command registry behind the palette. Commands are data; any module can add its own with
 * `registerCommands` (at import time) or `useRegisterCommands` (while a screen is mounted), e.g.
 * the "New notice" action. Commands that come from the server (a jump to each notice) are
 * registered as a `CommandLoader`: the palette calls it each time it opens and lists what it
 * answers. The palette shows whatever is registered and visible for the current user.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { UserType } from '@/api/permissions';
import type { UserProfile } from '@/api/schemas/auth';
import type { ChosenSchool } from '@/api/session';
import type { Language } from '@/i18n/i18n';

export interface CommandContext {
  userType: UserType;
  profile: UserProfile;
  school: ChosenSchool | null;
  location: string;
  navigate: (to: string) => void;
  logout: () => void;
  openShortcuts: () => void;
  /** A touch screen without a keyboard: keyboard hints and the shortcut list are left out. */
  touch: boolean;
  /** The language shown now, and choosing another (saved for the user; see src/ui/language-switch). */
  language: Language;
  chooseLanguage: (language: Language) => void;
}

export interface Command {
  id: string;
  label: string;
  keywords?: readonly string[];
  /** Heading the command is listed under, e.g. "Now", "Go to" or "Actions". */
  group: string;
  /** A short note shown at the right, e.g. a shortcut or "not built yet". */
  hint?: string;
  /**
   * Ranks a command above others that match the search equally well: what the moment asks for
   * (the period a teacher is about to teach) comes before the plain page. Default 0.
   */
  priority?: number;
  perform: (ctx: CommandContext) => void;
  visible?: (ctx: CommandContext) => boolean;
}

/**
 * Commands known only once fetched, e.g. one per notice of the user. Loaded when the palette opens
 * (not before: nothing is fetched for a palette nobody opens); `load` should import its code
 * lazily so the first chunk stays free of it.
 */
export interface CommandLoader {
  id: string;
  /** What is on its way, for the palette's "Loading notices…". */
  label: string;
  visible?: (ctx: CommandContext) => boolean;
  load: (ctx: CommandContext) => Promise<readonly Command[]>;
}

export type CommandSource = readonly Command[] | ((ctx: CommandContext) => readonly Command[]) | CommandLoader;

function isLoader(source: CommandSource): source is CommandLoader {
  return typeof source === 'object' && 'load' in source;
}

let sources: CommandSource[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Adds commands to the palette; returns a function that removes them again. */
export function registerCommands(source: CommandSource): () => void {
  sources = [...sources, source];
  emit();
  return () => {
    sources = sources.filter((s) => s !== source);
    emit();
  };
}

/** Registers commands while the calling component is mounted. Pass a stable (memoized) list. */
export function useRegisterCommands(source: CommandSource): void {
  useEffect(() => registerCommands(source), [source]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every registered command that is visible in this context, in registration order. */
export function collectCommands(ctx: CommandContext, from: readonly CommandSource[] = sources): Command[] {
  const seen = new Set<string>();
  const out: Command[] = [];
  for (const source of from) {
    if (isLoader(source)) continue;
    for (const command of typeof source === 'function' ? source(ctx) : source) {
      if (seen.has(command.id)) continue;
      if (command.visible && !command.visible(ctx)) continue;
      seen.add(command.id);
      out.push(command);
    }
  }
  return out;
}

function useSources(): CommandSource[] {
  return useSyncExternalStore(
    subscribe,
    () => sources,
    () => sources,
  );
}

export function useCommands(ctx: CommandContext): Command[] {
  const current = useSources();
  return useMemo(() => collectCommands(ctx, current), [ctx, current]);
}

export interface PaletteCommands {
  /** The registered commands, then the loaded ones as they arrive. */
  commands: Command[];
  /** Labels of the loaders still on their way, and of those that failed. */
  loading: string[];
  failed: string[];
}

/**
 * Every command for an open palette: `useCommands` plus what the visible loaders answer. Call it
 * from the palette only, which is mounted while open: mounting is what starts the loading.
 */
export function usePaletteCommands(ctx: CommandContext): PaletteCommands {
  const current = useSources();
  const loaders = useMemo(() => current.filter(isLoader).filter((l) => !l.visible || l.visible(ctx)), [current, ctx]);
  const [answers, setAnswers] = useState<ReadonlyMap<CommandLoader, readonly Command[] | 'failed'>>(() => new Map());
  useEffect(() => {
    let live = true;
    for (const loader of loaders) {
      loader.load(ctx).then(
        (commands) => live && setAnswers((prev) => new Map(prev).set(loader, commands)),
        () => live && setAnswers((prev) => new Map(prev).set(loader, 'failed')),
      );
    }
    return () => {
      live = false;
    };
  }, [loaders, ctx]);
  return useMemo(() => {
    const loaded: CommandSource[] = [];
    const loading: string[] = [];
    const failed: string[] = [];
    for (const loader of loaders) {
      const answer = answers.get(loader);
      if (answer === undefined) loading.push(loader.label);
      else if (answer === 'failed') failed.push(loader.label);
      else loaded.push(answer);
    }
    return { commands: collectCommands(ctx, [...current, ...loaded]), loading, failed };
  }, [ctx, current, loaders, answers]);
}

/**
 * How well a command matches what was typed (0 = hidden). Predictable rather than fuzzy: the
 * label's start beats the typed words whole in the label, then whole words of the label or its
 * keywords ("import" is a word of Add Student's keywords, only the start of "Important"), which
 * beat the label's start inside a word,
 * a word of the label, text inside it, then keywords; every typed word may also be the start of
 * any word of the label or keywords ("tak att").
 */
export function scoreCommand(label: string, keywords: readonly string[], search: string): number {
  const q = search.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
  if (!q) return 1;
  const name = label.normalize('NFC').toLowerCase();
  const split = (text: string) => text.split(SEPARATORS).filter(Boolean);
  const nameWords = split(name);
  const keywordWords = keywords.flatMap((k) => split(k.normalize('NFC').toLowerCase()));
  const typed = split(q);
  if (name.startsWith(q) && (name.length === q.length || SEPARATORS.test(name[q.length]))) return 1;
  if (` ${nameWords.join(' ')} `.includes(` ${typed.join(' ')} `)) return 0.96;
  const whole = new Set([...nameWords, ...keywordWords]);
  if (typed.length && typed.every((t) => whole.has(t))) return 0.95;
  if (name.startsWith(q)) return 0.92;
  if (nameWords.some((w) => w.startsWith(q))) return 0.9;
  if (name.includes(q)) return 0.8;
  const words = [...nameWords, ...keywordWords];
  if (typed.every((t) => words.some((w) => w.startsWith(t)))) return 0.6;
  const hay = [name, ...keywords.map((k) => k.toLowerCase())].join(' ');
  if (typed.every((t) => hay.includes(t))) return 0.4;
  return 0;
}

/** What separates the words of a label or keyword (Latin and Bangla alike). */
const SEPARATORS = /[\s/_\-:·,.()]+/;
