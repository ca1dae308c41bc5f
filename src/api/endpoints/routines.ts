/** The routines endpoints, served by server/routes/routines.ts. */
import { get, post } from '@/api/endpoints/define';
import { z } from 'zod';
import {
  routineDeleteResponse,
  routineIdQuery,
  routinePage,
  routineRow,
  routineSchoolQuery,
  routineSearchQuery,
  routineTodayRow,
  routineWriteBody,
  routineWriteResponse,
  studentRoutineQuery,
  teacherRoutineQuery,
  teacherTodayQuery,
} from '@/api/schemas/routines';

export const routinesEndpoints = {
  teacher: get('/routine/teacher', 'routine.teacher', { query: teacherRoutineQuery, response: z.array(routineRow) }),
  student: get('/routine/student', 'routine.student', { query: studentRoutineQuery, response: z.array(routineRow) }),
  teacherToday: get('/routine/teacher/today', 'routine.teacher-today', {
    query: teacherTodayQuery,
    response: z.array(routineTodayRow),
  }),
  all: post('/routine/all', 'routine.write', { body: routineWriteBody, response: routineWriteResponse }),
  delete: post('/routine/delete', 'routine.delete', { query: routineIdQuery, response: routineDeleteResponse }),
  schoolFilter: get('/routine/school/filter', 'routine.school', { query: routineSchoolQuery, response: routinePage }),
  adminSearch: get('/routine/admin-search', 'routine.search', { query: routineSearchQuery, response: routinePage }),
};
