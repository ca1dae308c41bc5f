/**
 * A screen's filters, page and date in the address (`?class_id=3&date=2026-11-23`), so Back,
 * reload and a shared link return to the same view. Values are strings, as in a URL; a value equal
 * to its default is left out of the address. Other parameters in the address are kept.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export type SearchState = Record<string, string>;

export function useSearchState<T extends SearchState>(
  defaults: T,
): [T, (patch: Partial<T>, options?: { replace?: boolean; force?: boolean }) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const defaultsKey = JSON.stringify(defaults);

  const values = useMemo(() => {
    const base = JSON.parse(defaultsKey) as T;
    const params = new URLSearchParams(search);
    const out = { ...base };
    for (const key of Object.keys(base) as (keyof T & string)[]) {
      const v = params.get(key);
      if (v !== null) out[key] = v as T[typeof key];
    }
    return out;
  }, [search, defaultsKey]);

  const setValues = useCallback(
    // `force`: skip the unsaved-work question; for a screen that changes its own filters while its
    // form (which stays mounted) holds work.
    (patch: Partial<T>, options?: { replace?: boolean; force?: boolean }) => {
      const base = JSON.parse(defaultsKey) as T;
      const params = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === base[key]) params.delete(key);
        else params.set(key, String(value));
      }
      const query = params.toString();
      navigate(query ? `${path}?${query}` : path, {
        replace: options?.replace ?? false,
        ...(options?.force ? { force: true } : {}),
      });
    },
    [defaultsKey, navigate, path],
  );

  return [values, setValues];
}
