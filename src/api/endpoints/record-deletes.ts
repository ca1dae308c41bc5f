/** Deleting records made by mistake (docs/DOMAIN.md, "Deleting"), served by server/routes/record-deletes.ts. */
import { del, post } from '@/api/endpoints/define';
import {
  deleteIdQuery,
  deletedResponse,
  invoiceCancelBody,
  invoiceCancelQuery,
  routineDeleteAllBody,
  routinesDeletedResponse,
} from '@/api/schemas/record-deletes';

export const recordDeletesEndpoints = {
  studentDelete: del('/student/delete', 'records.delete', { query: deleteIdQuery, response: deletedResponse }),
  teacherDelete: del('/teacher/delete', 'records.delete', { query: deleteIdQuery, response: deletedResponse }),
  examDelete: del('/exam/delete', 'records.delete', { query: deleteIdQuery, response: deletedResponse }),
  examTypeDelete: del('/exam_type/delete', 'records.delete', { query: deleteIdQuery, response: deletedResponse }),
  // A fee head (the spec's payment sector, fee_sectors).
  feeHeadDelete: del('/payment/delete', 'records.delete', { query: deleteIdQuery, response: deletedResponse }),
  invoiceDelete: del('/invoice/delete', 'records.delete', {
    query: invoiceCancelQuery,
    body: invoiceCancelBody,
    response: deletedResponse,
  }),
  schoolDelete: del('/school/delete', 'school.delete', { query: deleteIdQuery, response: deletedResponse }),
  routineDeleteAll: post('/routine/deleteAll', 'records.delete', {
    body: routineDeleteAllBody,
    response: routinesDeletedResponse,
  }),
};
