/**
 * Records (docs/DOMAIN.md, Records) on the client: a person's record for the edit form, the edit,
 * leaving and coming back, and the certificate downloads (fetched with the session and handed to
 * the browser: ./upload downloadFile).
 */
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import { urlOf } from '@/api/endpoints/define';
import { peopleRecordsEndpoints } from '@/api/endpoints/people-records';
import type { PersonKind } from '@/api/people';
import type {
  CertificateKind,
  DeactivateStudentBody,
  LeaveReason,
  RecordMessage,
  StudentRecord,
  TeacherRecord,
  UpdateResponse,
  UpdateStudentBody,
  UpdateTeacherBody,
} from '@/api/schemas/people-records';
import { downloadFile } from '@/api/upload';

export const recordKeys = {
  all: ['people', 'record'] as const,
  of: (kind: PersonKind, id: number) => ['people', 'record', kind, id] as const,
};

export const fetchStudentRecord = (id: number): Promise<StudentRecord> =>
  request(peopleRecordsEndpoints.studentRecord, { query: { student_id: id } });
export const fetchTeacherRecord = (id: number): Promise<TeacherRecord> =>
  request(peopleRecordsEndpoints.teacherRecord, { query: { teacher_id: id } });

export const personRecordQuery = (kind: PersonKind, id: number) =>
  queryOptions<StudentRecord | TeacherRecord>({
    queryKey: recordKeys.of(kind, id),
    queryFn: () => (kind === 'student' ? fetchStudentRecord(id) : fetchTeacherRecord(id)),
  });

export function updateStudentRecord(id: number, body: UpdateStudentBody, opts: { idempotencyKey: string }) {
  return request(peopleRecordsEndpoints.studentUpdate, {
    query: { student_id: id },
    body,
    idempotencyKey: opts.idempotencyKey,
  }) as Promise<UpdateResponse>;
}
export function updateTeacherRecord(id: number, body: UpdateTeacherBody, opts: { idempotencyKey: string }) {
  return request(peopleRecordsEndpoints.teacherUpdate, {
    query: { teacher_id: id },
    body,
    idempotencyKey: opts.idempotencyKey,
  }) as Promise<UpdateResponse>;
}

export interface Leave {
  date: string;
  reason: LeaveReason;
  note: string;
}

export function deactivatePerson(
  kind: PersonKind,
  id: number,
  leave: Leave,
  opts: { idempotencyKey: string },
): Promise<RecordMessage> {
  const body: Omit<DeactivateStudentBody, 'student_id'> = { date: leave.date, reason: leave.reason, note: leave.note };
  return kind === 'student'
    ? request(peopleRecordsEndpoints.studentDeactivate, {
        body: { student_id: id, ...body },
        idempotencyKey: opts.idempotencyKey,
      })
    : request(peopleRecordsEndpoints.teacherDeactivate, {
        body: { teacher_id: id, ...body },
        idempotencyKey: opts.idempotencyKey,
      });
}

export function reactivatePerson(kind: PersonKind, id: number, opts: { idempotencyKey: string }) {
  return kind === 'student'
    ? request(peopleRecordsEndpoints.studentReactivate, {
        body: { student_id: id },
        idempotencyKey: opts.idempotencyKey,
      })
    : request(peopleRecordsEndpoints.teacherReactivate, {
        body: { teacher_id: id },
        idempotencyKey: opts.idempotencyKey,
      });
}

/** The URL of a student's certificate in a language (a link the browser can also open). */
export function certificateUrl(kind: CertificateKind, studentId: number, lang: 'en' | 'bn'): string {
  const endpoint = kind === 'tc' ? peopleRecordsEndpoints.transferCertificate : peopleRecordsEndpoints.testimonial;
  return `${urlOf(endpoint)}?${new URLSearchParams({ student_id: String(studentId), lang }).toString()}`;
}

/** Download a student's certificate (the server numbers it at the first issue). */
export function downloadCertificate(kind: CertificateKind, studentId: number, lang: 'en' | 'bn'): Promise<void> {
  return downloadFile(certificateUrl(kind, studentId, lang), `${kind}-${studentId}.pdf`);
}
