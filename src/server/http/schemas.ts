import { z } from "zod";

/** The body of an action that takes none: nothing, or an empty JSON object (as the web app sends). */
export const NoBodySchema = z.object({}).nullish().describe("No body (or {})");
