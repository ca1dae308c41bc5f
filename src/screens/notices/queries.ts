/** Read-only notice loading for the student and viewer screens (the editor has its machine). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { NoticeType } from '@/api/schemas/notices';
import { fetchSchoolNotices, fetchStudentNotices, markNoticeRead } from '@/api/notices';
import { useApi } from '@/api/use-query';

export interface DateRange {
  start: string;
  end: string;
}

/** The signed-in student's notices of a kind within an optional date range. */
export function useStudentNotices(type: NoticeType | null, range: DateRange) {
  return useApi(`notice.student:${type ?? 'all'}:${range.start}:${range.end}`, () =>
    fetchStudentNotices({ type, start_date: range.start, end_date: range.end }),
  );
}

/** A school's notices of a kind, for a viewer browsing the chosen school. */
export function useSchoolNotices(schoolId: number | null, type: NoticeType | null) {
  return useApi(schoolId === null ? null : `notice.school:${schoolId}:${type ?? 'all'}`, () =>
    fetchSchoolNotices({ school_info_id: schoolId, type }),
  );
}

/**
 * Marks notices as opened, once each. `opened` is what was opened here (the list also knows what
 * the server said); a failed mark is forgotten so the next opening tries again.
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
 * The palette's jump to a notice (`?notice=<id>` on a list page): the notice to show, once the
 * loaded list (`ids`) has it. The parameter is then dropped from the address, keeping the rest.
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
