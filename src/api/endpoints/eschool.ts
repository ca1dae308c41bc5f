/** The eschool endpoints, served by server/routes/eschool.ts. */
import { get, post, put } from '@/api/endpoints/define';
import {
  onlineClassBody,
  onlineClassListQuery,
  onlineClassOptions,
  onlineClassOptionsQuery,
  onlineClassPage,
  onlineClassParams,
  onlineClassWriteResponse,
} from '@/api/schemas/eschool';

export const eschoolEndpoints = {
  classes: get('/eschool/classes', 'eschool.list', { query: onlineClassListQuery, response: onlineClassPage }),
  options: get('/eschool/options', 'eschool.options', {
    query: onlineClassOptionsQuery,
    response: onlineClassOptions,
  }),
  postClasses: post('/eschool/classes', 'eschool.write', { body: onlineClassBody, response: onlineClassWriteResponse }),
  putClasses: put('/eschool/classes/:id', 'eschool.write', {
    body: onlineClassBody,
    params: onlineClassParams,
    response: onlineClassWriteResponse,
  }),
  classesCancel: post('/eschool/classes/:id/cancel', 'eschool.cancel', {
    params: onlineClassParams,
    response: onlineClassWriteResponse,
  }),
};
