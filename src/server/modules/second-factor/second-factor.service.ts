import type { SecondFactorServiceDeps } from "./second-factor-checks";
import { createSecondStep } from "./second-step.service";
import { createTotpEnrolment } from "./totp-enrolment.service";
import { createTotpManagement } from "./totp-management.service";

/*
 * The second step of /login in second-step.service.ts, switching the app on in
 * totp-enrolment.service.ts, off and new recovery codes in totp-management.service.ts; what they
 * share (and the passkeys' service uses) in second-factor-checks.ts.
 */
export {
  SECOND_FACTOR_RATE_RULES,
  type SecondFactorServiceDeps,
  tellOwner,
} from "./second-factor-checks";

/** The authenticator app, its recovery codes and the second step of /login (docs/decisions/054). */
export function createSecondFactorService(deps: SecondFactorServiceDeps) {
  return { ...createSecondStep(deps), ...createTotpEnrolment(deps), ...createTotpManagement(deps) };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
