import type { MoveRefusal } from "@/domain/requests/machine";
import { reviewMessages } from "@/domain/requests/review-api";
import { ACTION_FILE_FIELD, REOPEN_WINDOW_DAYS, requestStateLabel } from "@/domain/requests/workflow";
import { AppError, fieldError, notFound } from "../../http/errors";

/*
 * The answers of the review desk's refusals, in Portuguese, with the field
 * they concern.
 */

/** 409: the request is no longer where the person saw it; the answer says where it is. */
export function conflict(state: string) {
  return new AppError(
    409,
    "STATE_CONFLICT",
    reviewMessages.stateConflict(requestStateLabel(state)),
    undefined,
    undefined,
    { status: state },
  );
}

export const forbiddenAction = (own = false) =>
  new AppError(
    403,
    own ? "OWN_REQUEST" : "ACTION_NOT_ALLOWED",
    own ? reviewMessages.ownRequest : reviewMessages.notYourTurn,
  );

/** The answer to a move the machine refused (domain/requests/machine.ts); `state` is the request's now. */
export function refusalError(refusal: MoveRefusal, state: string): AppError {
  switch (refusal.code) {
    case "NOT_FOUND":
      return notFound();
    case "STATE_CONFLICT":
      return conflict(state);
    case "OWN_REQUEST":
      return forbiddenAction(true);
    case "ACTION_NOT_ALLOWED":
      return forbiddenAction();
    case "FIELD_MISSING":
      return fieldError(
        refusal.field,
        refusal.field === "motivo" ? reviewMessages.reasonRequired : reviewMessages.resultRequired,
      );
    case "FILE_NOT_TAKEN":
      return fieldError(ACTION_FILE_FIELD, reviewMessages.fileNotTaken);
    case "REOPEN_EXPIRED":
      return new AppError(409, "REOPEN_EXPIRED", reviewMessages.reopenExpired(REOPEN_WINDOW_DAYS));
  }
}
