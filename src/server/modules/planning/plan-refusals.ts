import { planMessages } from "@/domain/planning/messages";
import { AppError } from "../../http/errors";

/* The refusals a plan's requests, edits and callbacks share. */

export const conflict = () => new AppError(409, "PLAN_CONFLICT", planMessages.conflict);
export const notReady = () =>
  new AppError(409, "PLAN_NOT_READY", { title: planMessages.error, description: planMessages.notReady });

/** A wrong token, a spent one, or one revoked because its attempt failed or timed out. */
export const callbackTokenInvalid = () =>
  new AppError(403, "CALLBACK_TOKEN_INVALID", {
    title: "Token inválido",
    description:
      "Este token não vale para este planejamento: a geração pode ter terminado, falhado ou expirado.",
  });

/** The automation's callback came without the plan's token. */
export const callbackTokenMissing = () =>
  new AppError(401, "CALLBACK_TOKEN_MISSING", {
    title: "Token ausente",
    description: "Envie o token recebido em callback_url.",
  });
