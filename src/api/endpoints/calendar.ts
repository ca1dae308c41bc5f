/** The calendar endpoints, served by server/routes/calendar.ts. */
import { get, post } from '@/api/endpoints/define';
import {
  calendarDeleteResponse,
  calendarIdQuery,
  calendarListQuery,
  calendarPage,
  calendarUpdateBody,
  calendarWriteBody,
  calendarWriteResponse,
} from '@/api/schemas/calendar';

export const calendarEndpoints = {
  // One list, by who reads it (the old portal's spelling "calender" is the API's).
  school: get('/calender', 'calendar.school', { query: calendarListQuery, response: calendarPage }),
  student: get('/calender/student', 'calendar.student', { query: calendarListQuery, response: calendarPage }),
  teacher: get('/calender/teacher', 'calendar.teacher', { query: calendarListQuery, response: calendarPage }),
  create: post('/calender', 'calendar.write', { body: calendarWriteBody, response: calendarWriteResponse }),
  update: post('/calender/update', 'calendar.write', {
    query: calendarIdQuery,
    body: calendarUpdateBody,
    response: calendarWriteResponse,
  }),
  delete: post('/calender/delete', 'calendar.delete', { query: calendarIdQuery, response: calendarDeleteResponse }),
};
