/** A teacher's mark on a homework answer (docs/DOMAIN.md, "Homework marks"). */
import { request } from '@/api/client';
import { homeworkMarksEndpoints } from '@/api/endpoints/homework-marks';
import type { HomeworkMarkInput, HomeworkMarkResponse } from '@/api/schemas/homework-marks';

export function saveHomeworkMark(
  body: HomeworkMarkInput,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<HomeworkMarkResponse> {
  return request(homeworkMarksEndpoints.update, { body, idempotencyKey });
}
