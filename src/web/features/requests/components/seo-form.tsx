import { zodResolver } from "@hookform/resolvers/zod";
import { SearchCheck } from "lucide-react";
import { Controller } from "react-hook-form";
import { type SeoFormValues, SeoInputSchema } from "@/domain/requests/kinds/seo";
import { requestMessages } from "@/domain/requests/messages";
import { SEO_ANALYSIS_TYPE_OPTIONS } from "@/domain/requests/options";
import { FormItem } from "@/web/components/form/form-item";
import {
  RequestFormCard,
  RequestFormFields,
  RequestFormFooter,
} from "@/web/components/form/request-form-layout";
import { Badge } from "@/web/components/ui/badge";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/web/components/ui/radio-group";
import { cn } from "@/web/lib/cn";
import { useCreateSeo } from "../api/create-seo";
import { seoSuccessNotice } from "../lib/messages";
import { useRequestForm } from "../lib/use-request-form";

const FIELD_ORDER = ["url", "tipoAnalise"] as const;
const resolver = zodResolver(SeoInputSchema);
const DEFAULTS: SeoFormValues = { url: "", tipoAnalise: "" };

// ours: what each analysis looks at.
const ANALYSIS_HINTS: Record<string, string> = {
  "analise-conteudo": "Textos, títulos, palavras-chave e legibilidade.",
  "analise-tecnica": "Desempenho, indexação, metadados e estrutura.",
  "analise-cro": "Conversão: chamadas, formulários e jornada. Em breve.",
};

/** Spec §2 /seo, §5 SEO, §7 SEO analysis (the automation's answer is the toast's text), §8 Requests. */
export function SeoForm() {
  const mutation = useCreateSeo();
  const {
    form: {
      register,
      control,
      formState: { errors },
    },
    onSubmit,
    busy,
  } = useRequestForm({
    resolver,
    defaults: DEFAULTS,
    fieldOrder: FIELD_ORDER,
    send: (values, idempotencyKey) => mutation.mutateAsync({ body: values, idempotencyKey }),
    isPending: mutation.isPending,
    errorNotice: () => requestMessages.seo.error,
    successNotice: seoSuccessNotice,
  });
  const typeError = errors.tipoAnalise?.message;

  return (
    <RequestFormCard
      title="Análise de páginas"
      badge="beta"
      description="Peça uma análise de conteúdo ou técnica de uma página. O resultado chega pelo seu email."
      icon={SearchCheck}
    >
      <form noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Solicitação de análise de página">
        <RequestFormFields>
          <FormItem
            id="seo-url"
            label="URL da página"
            required
            hint="O endereço completo, com http:// ou https://."
            error={errors.url?.message}
            className="sm:col-span-2"
          >
            {(controlProps) => (
              <Input
                {...controlProps}
                type="url"
                inputMode="url"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="https://www.exemplo.com.br/pagina"
                {...register("url")}
              />
            )}
          </FormItem>

          <div className="grid gap-3 sm:col-span-2">
            <span id="seo-tipo-label" className="flex items-center gap-2 text-sm leading-none font-medium">
              Tipo de análise
              <span className="text-destructive" aria-hidden="true">
                *
              </span>
            </span>
            <Controller
              control={control}
              name="tipoAnalise"
              render={({ field }) => (
                <RadioGroup
                  // A refused choice focuses the first option that can be chosen.
                  ref={(group) =>
                    field.ref(
                      group && {
                        focus: () => group.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus(),
                      },
                    )
                  }
                  value={field.value ?? ""}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-labelledby="seo-tipo-label"
                  aria-required="true"
                  aria-invalid={typeError ? true : undefined}
                  aria-describedby={typeError ? "seo-tipo-error" : undefined}
                  className="grid gap-3 sm:grid-cols-3"
                >
                  {SEO_ANALYSIS_TYPE_OPTIONS.map((option) => {
                    const disabled = "disabled" in option && option.disabled;
                    const id = `seo-tipo-${option.value}`;
                    return (
                      <Label
                        key={option.value}
                        htmlFor={id}
                        className={cn(
                          "flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-4 leading-snug font-normal shadow-xs transition-[border-color,background-color,box-shadow]",
                          "hover:border-primary/40 has-[button:focus-visible]:ring-[3px] has-[button:focus-visible]:ring-ring/30",
                          "has-[button[data-state=checked]]:border-primary has-[button[data-state=checked]]:bg-brand-soft/60",
                          typeError && "border-destructive/60",
                          disabled && "cursor-not-allowed bg-muted/40 hover:border-border",
                        )}
                      >
                        <RadioGroupItem
                          id={id}
                          value={option.value}
                          disabled={disabled}
                          aria-labelledby={`${id}-title`}
                          aria-describedby={`${id}-hint`}
                          className="mt-0.5"
                        />
                        <span className="flex min-w-0 flex-col gap-1">
                          <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                            <span id={`${id}-title`}>{option.label}</span>
                            {disabled ? <Badge variant="secondary">Indisponível</Badge> : null}
                          </span>
                          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
                            {ANALYSIS_HINTS[option.value]}
                          </span>
                        </span>
                      </Label>
                    );
                  })}
                </RadioGroup>
              )}
            />
            {typeError ? (
              <p id="seo-tipo-error" className="text-sm font-medium text-destructive">
                {typeError}
              </p>
            ) : null}
          </div>
        </RequestFormFields>
        <RequestFormFooter busy={busy} label="Solicitar análise" busyLabel="Analisando..." />
      </form>
    </RequestFormCard>
  );
}
