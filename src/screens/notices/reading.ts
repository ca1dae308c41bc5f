/** What the student and viewer notice lists share: marking notices read, and the palette's jump. */
import { useCallback, useEffect, useState, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { markNoticeRead } from '@/api/notices';

/**
 * Marks notices as opened, once each. `opened` is what was opened here (the list also knows what
 * the server said); a failed mark is forgotten so the next opening tries again. A receipt, not a
 * user's write: nothing to confirm or retry.
 */
export function useNoticeReads() {
  const sent = useRef(new Set<number>());
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  const markRead = useCallback((id: number) => {
    if (sent.current.has(id)) return;
    sent.current.add(id);
    setOpened((prev) => new Set(prev).add(id));
    markNoticeRead(id).catch(() => {
      sent.current.delete(id);
      setOpened((prev) => {
        const next = new Set(prev);
        next.delete(id);
        return next;
      });
    });
  }, []);
  return { opened, markRead };
}

export interface NoticeJump {
  id: number;
  /** Grows with every jump, so a second jump to the same notice is a new one. */
  seq: number;
}

/**
 * The palette's jump to a notice (`?notice=<id>` on a list page, with the page it is on): the
 * notice to show, once the loaded page (`ids`) has it. The parameter is then dropped from the
 * address, keeping the rest.
 */
export function useNoticeJump(ids: readonly number[] | undefined): NoticeJump | null {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const wanted = Number(new URLSearchParams(search).get('notice')) || null;
  const [jump, setJump] = useState<NoticeJump | null>(null);
  useEffect(() => {
    if (wanted === null || !ids?.includes(wanted)) return;
    setJump((prev) => ({ id: wanted, seq: (prev?.seq ?? 0) + 1 }));
    const rest = new URLSearchParams(search);
    rest.delete('notice');
    const query = rest.toString();
    navigate(query ? `${path}?${query}` : path, { replace: true });
  }, [wanted, ids, search, path, navigate]);
  return jump;
}
