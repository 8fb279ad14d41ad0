import { z } from "zod";
import { LONG_TEXT_MAX } from "../requests/fields";
import { optionalText } from "./client.schema";
import { CUSTOM_TONE, MONTH_VALUES, PLAN_CHANNELS, PLAN_OBJECTIVES, PLAN_TONES, planYears } from "./options";

/** Spec §5 Plan form and §8 Plans: the words of the form's toasts. */
export const planRequestMessages = {
  clientRequired: "Por favor, selecione um cliente.",
  monthYearRequired: "Por favor, informe o mês e ano de referência.",
  clientNotFound: "Cliente selecionado não encontrado.",
  // ours: a value the lists of spec §9 do not hold.
  unknownOption: "Selecione apenas opções da lista",
  customToneRequired: "Descreva o tom de voz personalizado",
} as const;

function multiChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .array(z.enum(values, { error: planRequestMessages.unknownOption }), {
      error: planRequestMessages.unknownOption,
    })
    .default([])
    .transform((list) => [...new Set(list)]);
}

/**
 * Spec §5 Plan form: client, month and year are required; everything else is
 * optional. The year is one the form offers (this year and the next two, spec
 * §9), so the schema is built for a given instant.
 */
export function createPlanRequestSchema(now: Date = new Date()) {
  const years = planYears(now) as [string, ...string[]];
  return z
    .object({
      clienteId: z
        .string({ error: planRequestMessages.clientRequired })
        .min(1, planRequestMessages.clientRequired),
      mesReferencia: z.enum(MONTH_VALUES, { error: planRequestMessages.monthYearRequired }),
      anoReferencia: z
        .union([z.string(), z.number()], { error: planRequestMessages.monthYearRequired })
        .transform(String)
        .pipe(z.enum(years, { error: planRequestMessages.monthYearRequired })),
      objetivoPrincipal: multiChoice(PLAN_OBJECTIVES),
      publicoAlvo: optionalText(LONG_TEXT_MAX),
      canaisPlataformas: multiChoice(PLAN_CHANNELS),
      temasPilares: optionalText(LONG_TEXT_MAX),
      eventosDatasComemorativas: optionalText(LONG_TEXT_MAX),
      principaisProdutosServicos: optionalText(LONG_TEXT_MAX),
      tomVoz: multiChoice(PLAN_TONES),
      tomVozPersonalizado: optionalText(),
      observacoesAdicionais: optionalText(LONG_TEXT_MAX),
    })
    .transform((request, ctx) => {
      // Spec §2: the custom tone exists only while 'Personalizado (especificar)' is ticked.
      const custom = request.tomVoz.includes(CUSTOM_TONE);
      if (custom && !request.tomVozPersonalizado) {
        ctx.issues.push({
          code: "custom",
          path: ["tomVozPersonalizado"],
          message: planRequestMessages.customToneRequired,
          input: request.tomVozPersonalizado,
        });
        return z.NEVER;
      }
      return { ...request, tomVozPersonalizado: custom ? request.tomVozPersonalizado : null };
    });
}

export type PlanRequestInput = z.infer<ReturnType<typeof createPlanRequestSchema>>;
export type PlanRequestFormValues = z.input<ReturnType<typeof createPlanRequestSchema>>;
