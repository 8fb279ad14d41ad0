import { z } from "zod";
import { choiceField, urlField } from "./fields";
import { fieldMessages } from "./messages";
import { ENABLED_SEO_ANALYSIS_TYPE_VALUES } from "./options";

/**
 * The page analysis form (spec §2 /seo, §5 SEO). Only the enabled analyses are
 * accepted: the CRO option is disabled in the form, so the server refuses it
 * with the same message. The requester's nome and email come from the session.
 */
export const SeoInputSchema = z.object({
  url: urlField(fieldMessages.urlInvalid),
  tipoAnalise: choiceField(ENABLED_SEO_ANALYSIS_TYPE_VALUES, fieldMessages.tipoAnaliseRequired),
});
export type SeoInput = z.infer<typeof SeoInputSchema>;
export type SeoFormValues = z.input<typeof SeoInputSchema>;
