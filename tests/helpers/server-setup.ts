/** Setup for the server test projects: the file's server clock starts on the run's morning (run-clock.ts). */
import { useRunClock } from './run-clock';

beforeAll(() => useRunClock());
