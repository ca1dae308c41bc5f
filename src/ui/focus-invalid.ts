/**
 * After a submit that found problems, the first field that has one takes focus and is scrolled
 * into view: the message under it is what the user must read next, and the Submit button (where
 * focus was) may be far below it. Only after a submit or the server's answer to one: fixing a
 * field, which clears its own problem, must not move focus to another.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Counts a form's attempts: `submitted()` after each submit, and one more each time `busy` (the
 * save under way) ends, when the server's refusal may have named fields.
 */
export function useSubmitAttempts(busy = false): [number, () => void] {
  const [attempts, setAttempts] = useState(0);
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) setAttempts((n) => n + 1);
    wasBusy.current = busy;
  }, [busy]);
  const submitted = useCallback(() => setAttempts((n) => n + 1), []);
  return [attempts, submitted];
}

/** After each attempt (a number that grows), the first invalid field of `container` takes focus. */
export function useFocusFirstInvalid(container: RefObject<HTMLElement | null>, attempts: number): void {
  useEffect(() => {
    if (attempts > 0) focusFirstInvalid(container.current);
  }, [container, attempts]);
}

export function focusFirstInvalid(container: HTMLElement | null): boolean {
  const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.scrollIntoView?.({ block: 'center' });
  field.focus({ preventScroll: true });
  return true;
}
