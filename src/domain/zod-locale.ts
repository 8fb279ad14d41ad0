import { z } from "zod";

/*
 * Messages the spec does not set fall back to zod's Brazilian Portuguese ones
 * rather than its English defaults (spec §8 Generic mentions 'Required').
 * Imported once by the server and by the React app.
 */
z.config(z.locales.ptBR());
