/**
 * The sign-in's endpoints, served by server/routes/users.ts. Without schemas here: src/api/session.ts
 * is part of the app's first download and zod is not, so the client passes the contracts of
 * src/api/schemas/auth.ts as it imports them (src/api/client.ts) and the server route names them.
 */
import { get, post, put } from '@/api/endpoints/define';

export const usersEndpoints = {
  login: post('/users/login', 'public'),
  logout: post('/users/logout', 'users.logout'),
  userId: get('/users/user_id', 'users.me'),
  language: put('/users/language', 'users.language'),
};
