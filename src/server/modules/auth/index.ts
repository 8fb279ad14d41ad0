import type { AppModule } from "../../app-context";
import { confirmationEmail } from "../../mail/templates";
import { authRoutes, CONFIRM_EMAIL_PATH } from "./auth.routes";
import { createAuthService } from "./auth.service";
import { PENDING_SIGN_UP_HOURS } from "./pending-sign-ups.service";
import { ssoRoutes } from "./sso.routes";
import { createSsoService } from "./sso.service";

/** Sign-up and its confirmation, signing in and out, the e-mailed sign-in link. */
export const authModule: AppModule = {
  name: "auth",
  register: async ({ app, config, database, mailer, auth, sessions, pendingSignUps }) => {
    // Tests run the hourly sweep themselves with app.pendingSignUps.sweep().
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
  },
};

/** Signing in with Google, Microsoft or an OpenID issuer (decision 052). */
export const ssoModule: AppModule = {
  name: "sso",
  register: ({ app, config, database, auth }) =>
    app.register(ssoRoutes, {
      service: createSsoService({ db: database.db, auth, providers: config.sso.map((p) => p.id) }),
    }),
};
