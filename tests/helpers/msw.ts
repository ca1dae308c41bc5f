/**
 * The mock API for client tests (msw 2). Handlers use relative paths; jsdom's origin
 * (http://localhost:3000) is where the client sends them. Each test adds its own handlers with
 * `server.use(...)`; anything unhandled fails the test loudly.
 */
import { setupServer } from 'msw/node';

export const server = setupServer();
