import type { FastifyRouteSchemaDef, FastifyValidationResult } from "fastify/types/schema";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { AppError } from "./errors";
import { validate } from "./validate";

/*
 * Route-level validator compilers for bodies whose 400 is not the error
 * handler's default. Params, query and headers are still checked by their zod
 * schemas (a bad param answers 404 in the error handler); only the body is
 * checked differently. A check that throws an AppError answers with it.
 */

type BodyCheck = (data: unknown) => unknown;

/** Generic, so a route takes it whatever schemas it declares. */
type RouteValidatorCompiler = <T>(route: FastifyRouteSchemaDef<T>) => FastifyValidationResult;

function withBodyCheck(make: (schema: z.ZodType) => BodyCheck): RouteValidatorCompiler {
  return (anyRoute) => {
    const route = anyRoute as unknown as FastifyRouteSchemaDef<z.ZodType>;
    if (route.httpPart !== "body") return validatorCompiler(route);
    const check = make(route.schema);
    return (data: unknown) => {
      try {
        return { value: check(data) };
      } catch (err) {
        if (err instanceof AppError) return { error: err };
        throw err;
      }
    };
  };
}

/**
 * The declared body schema, answering as `validate()` does: each field by its
 * top-level name (the form's field, 'atividades' rather than 'atividades.3'),
 * the first message as the description. The handler gets the parsed output.
 */
export const formBody = withBodyCheck((schema) => (data) => validate(schema, data));

/**
 * The body checked by `check` (a schema made per request, or several checks in
 * a set order); the declared schema documents it and types the handler's body,
 * so `check` must return that schema's output.
 */
export const bodyCheckedBy = (check: BodyCheck) => withBodyCheck(() => check);

/**
 * The body as sent, for a service that checks it after what must come first
 * (a callback's token before its content): the declared schema documents it,
 * and the handler hands it on as `unknown`.
 */
export const bodyCheckedByService = withBodyCheck(() => (data) => data);
