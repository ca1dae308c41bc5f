import type { FastifyInstance } from 'fastify';
import { usersRoutes } from './users';
import { lookupRoutes } from './lookups';
import { schoolRoutes } from './schools';
import { peopleRoutes } from './people';
import { routineRoutes } from './routines';
import { noticeRoutes } from './notices';
import { attendanceRoutes } from './attendance';
import { calendarRoutes } from './calendar';
import { homeworkRoutes } from './homework';
import { examRoutes } from './exams';
import { peopleAdminRoutes } from './people-admin';
import { promotionRoutes } from './promotion';
import { twoFactorRoutes } from './two-factor';
import { gradesheetPdfRoutes } from './gradesheet-pdf';
import { subjectRegistrationRoutes } from './subject-registration';
import { schoolSetupRoutes } from './school-setup';
import { setupStructureRoutes } from './setup-structure';
import { feeRoutes } from './fees';

/** Every resource plugin, mounted under /api. */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(usersRoutes);
  await app.register(lookupRoutes);
  await app.register(schoolRoutes);
  await app.register(peopleRoutes);
  await app.register(routineRoutes);
  await app.register(noticeRoutes);
  await app.register(attendanceRoutes);
  await app.register(calendarRoutes);
  await app.register(homeworkRoutes);
  await app.register(examRoutes);
  await app.register(peopleAdminRoutes);
  await app.register(promotionRoutes);
  await app.register(twoFactorRoutes);
  await app.register(gradesheetPdfRoutes);
  await app.register(subjectRegistrationRoutes);
  await app.register(schoolSetupRoutes);
  await app.register(setupStructureRoutes);
  await app.register(feeRoutes);
}
