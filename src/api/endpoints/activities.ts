/** The activities endpoints, served by server/routes/activities.ts. */
import { get, post, put } from '@/api/endpoints/define';
import {
  activityBody,
  activityListQuery,
  activityPage,
  activityParams,
  activityWriteResponse,
  myActivities,
  myActivitiesQuery,
  participantListQuery,
  participantPage,
  participantsBody,
} from '@/api/schemas/activities';

export const activitiesEndpoints = {
  list: get('/activities', 'activity.list', { query: activityListQuery, response: activityPage }),
  create: post('/activities', 'activity.write', { body: activityBody, response: activityWriteResponse }),
  update: put('/activities/:id', 'activity.write', {
    body: activityBody,
    params: activityParams,
    response: activityWriteResponse,
  }),
  delete: post('/activities/:id/delete', 'activity.write', { params: activityParams, response: activityWriteResponse }),
  participants: get('/activities/:id/participants', 'activity.participants', {
    query: participantListQuery,
    params: activityParams,
    response: participantPage,
  }),
  postParticipants: post('/activities/:id/participants', 'activity.participants-write', {
    body: participantsBody,
    params: activityParams,
    response: activityWriteResponse,
  }),
  mine: get('/activities/mine', 'activity.student', { query: myActivitiesQuery, response: myActivities }),
};
