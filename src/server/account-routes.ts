import type { AppParts } from "./app-routes";
import { proxyProbeRoutes } from "./doctor/proxy-probe.routes";
import { confirmationEmail } from "./mail/templates";
import { accountRoutes } from "./modules/account/account.routes";
import { createAccountService } from "./modules/account/account.service";
import { authRoutes, CONFIRM_EMAIL_PATH } from "./modules/auth/auth.routes";
import { createAuthService } from "./modules/auth/auth.service";
import { createPendingSignUps, PENDING_SIGN_UP_HOURS } from "./modules/auth/pending-sign-ups.service";
import { ssoRoutes } from "./modules/auth/sso.routes";
import { createSsoService } from "./modules/auth/sso.service";
import { expenseLimitsRoutes } from "./modules/finance/limits.routes";
import { createExpenseLimitsService } from "./modules/finance/limits.service";
import { passwordRoutes } from "./modules/password/password.routes";
import { createPasswordService } from "./modules/password/password.service";
import { peopleRoutes } from "./modules/people/people.routes";
import { createPeopleService } from "./modules/people/people.service";
import { passkeyRoutes } from "./modules/second-factor/passkey.routes";
import { createPasskeyService } from "./modules/second-factor/passkey.service";
import { secondFactorRoutes } from "./modules/second-factor/second-factor.routes";
import { createSecondFactorService } from "./modules/second-factor/second-factor.service";
import { systemRoutes } from "./modules/system/system.routes";
import { createSystemService } from "./modules/system/system.service";
import { teamsRoutes } from "./modules/teams/teams.routes";
import { createTeamsService } from "./modules/teams/teams.service";

/** Health, sign-up and sign-in, the account, expense limits and the teams. */
export async function registerAccountRoutes(parts: AppParts) {
  const { app, options, config, database, mailer, auth, sessions, bus } = parts;
  await app.register(systemRoutes, { service: createSystemService({ database }) });
  await app.register(proxyProbeRoutes, {
    authSecret: options.authSecret,
    trustsProxy: config.trustProxy !== false,
  });
  const pendingSignUps = createPendingSignUps({ db: database.db, auth, sessions });
  app.decorate("pendingSignUps", pendingSignUps);
  await app.register(authRoutes, {
    service: createAuthService({
      db: database.db,
      auth,
      pending: pendingSignUps,
      sendConfirmation: (user, token) =>
        mailer.send(
          confirmationEmail({
            to: user.email,
            name: user.name,
            url: `${config.publicUrl}${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`,
            expiresInHours: PENDING_SIGN_UP_HOURS,
          }),
        ),
      allowedEmailDomains: config.allowedEmailDomains,
      requireEmailVerification: config.requireEmailVerification,
      sessions,
    }),
    publicConfig: {
      allowedEmailDomains: config.allowedEmailDomains,
      requireEmailVerification: config.requireEmailVerification,
      sso: config.sso.map(({ id, name }) => ({ id, name })),
    },
    secureCookies: config.publicUrl.startsWith("https://"),
  });
  await app.register(ssoRoutes, {
    service: createSsoService({ db: database.db, auth, providers: config.sso.map((p) => p.id) }),
  });
  await app.register(accountRoutes, { service: createAccountService({ db: database.db, auth, sessions }) });
  await app.register(passwordRoutes, {
    service: createPasswordService({
      db: database.db,
      auth,
      sessions,
      mailer,
      publicUrl: config.publicUrl,
      requireEmailVerification: config.requireEmailVerification,
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  });
  const secondFactorDeps = {
    db: database.db,
    auth,
    sessions,
    mailer,
    accountUrl: `${config.publicUrl}/conta`,
    ...(options.clock ? { clock: options.clock } : {}),
  };
  await app.register(secondFactorRoutes, { service: createSecondFactorService(secondFactorDeps) });
  await app.register(passkeyRoutes, { service: createPasskeyService(secondFactorDeps) });
  const people = createPeopleService({ db: database.db, sessions, bus, adminEmails: config.adminEmails });
  await app.register(peopleRoutes, { service: people });
  await app.register(expenseLimitsRoutes, { service: createExpenseLimitsService({ db: database.db, bus }) });
  await app.register(teamsRoutes, {
    service: createTeamsService({
      db: database.db,
      config: { ...config, allowedEmailDomains: config.allowedEmailDomains },
      sessions,
    }),
  });
  return pendingSignUps;
}
