/** The notices endpoints, served by server/routes/notices.ts. */
import { get, post } from '@/api/endpoints/define';
import { z } from 'zod';
import {
  creatorNoticePage,
  noticeAudienceQuery,
  noticeAudienceResponse,
  noticeCreatorQuery,
  noticeDeleteResponse,
  noticeIdQuery,
  noticeReachQuery,
  noticeReachResponse,
  noticeReadResponse,
  noticeSchoolQuery,
  noticeStudentQuery,
  schoolNoticePage,
  schoolNoticeRow,
  noticeWriteBody,
  noticeWriteResponse,
  studentNoticePage,
} from '@/api/schemas/notices';

export const noticesEndpoints = {
  creator: get('/notice/creator', 'notice.creator', { query: noticeCreatorQuery, response: creatorNoticePage }),
  edit: get('/notice/edit', 'notice.edit', { query: noticeIdQuery, response: z.array(schoolNoticeRow) }),
  create: post('/notice', 'notice.write', { body: noticeWriteBody, response: noticeWriteResponse }),
  // Asked by the editor before publishing: whoever may write a notice may count its audience.
  audience: get('/notice/audience', 'notice.write', { query: noticeAudienceQuery, response: noticeAudienceResponse }),
  // Asked by the editor: whoever may write a notice may know whom it may address.
  reach: get('/notice/reach', 'notice.write', { query: noticeReachQuery, response: noticeReachResponse }),
  delete: post('/notice/delete', 'notice.delete', { query: noticeIdQuery, response: noticeDeleteResponse }),
  school: get('/notice/school', 'notice.school', { query: noticeSchoolQuery, response: schoolNoticePage }),
  student: get('/notice/student', 'notice.student', { query: noticeStudentQuery, response: studentNoticePage }),
  read: post('/notice/read', 'notice.read', { query: noticeIdQuery, response: noticeReadResponse }),
};
