import type { AppModule } from "./app-context";
import { backupModule } from "./backup";
import { doctorModule, proxyProbeModule } from "./doctor";
import { liveModule } from "./live";
import { absencesModule } from "./modules/absences";
import { accountModule } from "./modules/account";
import { advanceGuard, advancesModule } from "./modules/advances";
import { authModule, ssoModule } from "./modules/auth";
import { bankModule } from "./modules/bank";
import { calendarFeedsModule } from "./modules/calendar-feeds";
import { clientsModule } from "./modules/clients";
import { exportModule } from "./modules/export";
import { expenseLimitsModule, financeModule } from "./modules/finance";
import { holidaysModule } from "./modules/holidays";
import { hourBankModule } from "./modules/hour-bank";
import { jobOpeningsModule } from "./modules/job-openings";
import { notificationsModule } from "./modules/notifications";
import { painelModule } from "./modules/painel";
import { passwordModule } from "./modules/password";
import { peopleModule } from "./modules/people";
import { planSharingModule } from "./modules/plan-sharing";
import { planExportModule, planningModule } from "./modules/planning";
import { pushModule } from "./modules/push";
import { attachmentsModule, requestsModule } from "./modules/requests";
import { reviewModule } from "./modules/review";
import { secondFactorModule } from "./modules/second-factor";
import { slaModule } from "./modules/sla";
import { substitutesModule } from "./modules/substitutes";
import { systemModule } from "./modules/system";
import { teamsModule } from "./modules/teams";
import { timeOffModule } from "./modules/time-off";
import { vacationGuard } from "./modules/time-off/vacation-guard";

/*
 * Every module of the app, in the order buildApp (app.ts) registers them
 * (docs/decisions/064). Each module folder's index.ts says what it registers
 * and with what, from the parts and shared services of app-context.ts; a new
 * module is its index.ts and one line here. The order is the routes' order in
 * /api/docs. A hook added at the top level runs on every route, those registered
 * before it too (Fastify adds it to every scope already made): a plugin whose
 * hooks only some routes need goes in their scope (http/form-routes.ts).
 */

export const APP_MODULES: readonly AppModule[] = [
  // The account: health, signing up and in, the account, the second factor, people, limits, teams.
  systemModule,
  proxyProbeModule,
  authModule,
  ssoModule,
  accountModule,
  passwordModule,
  secondFactorModule,
  peopleModule,
  expenseLimitsModule,
  teamsModule,
  // The requests: live events, the bell, the review desk, finance, the bank, the export, the files.
  liveModule,
  notificationsModule,
  pushModule,
  reviewModule,
  financeModule,
  bankModule,
  exportModule,
  // The CLT's rules under the absence's guard (decision 060), given so requests never imports time-off.
  // A new cash advance refused while another is overdue (decision 067): advances' rule, given the same way.
  requestsModule({ ausencia: vacationGuard, adiantamento: advanceGuard }),
  advancesModule,
  attachmentsModule,
  jobOpeningsModule,
  clientsModule,
  // Content plans.
  planningModule,
  planExportModule,
  planSharingModule,
  // The panels, the calendar and time off, backups and the doctor.
  slaModule,
  painelModule,
  holidaysModule,
  absencesModule,
  substitutesModule,
  timeOffModule,
  backupModule,
  doctorModule,
  calendarFeedsModule,
  hourBankModule,
];
