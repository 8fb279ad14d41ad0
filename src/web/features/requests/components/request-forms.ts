import type { RequestKind } from "@/domain/requests/kinds";
import { adiantamentoForm } from "./adiantamento-form";
import { ausenciaForm } from "./ausencia-form";
import { bolsaForm } from "./bolsa-form";
import { materialForm } from "./material-form";
import { reembolsoForm } from "./reembolso-form";
import type { RequestFormDeclaration } from "./request-form";
import { seoForm } from "./seo-form";
import { suporteForm } from "./suporte-form";

/** Each request kind's form, for the pages that treat every kind alike ('Editar e reenviar'). */
export const REQUEST_FORMS: Record<RequestKind, RequestFormDeclaration> = {
  reembolso: reembolsoForm,
  bolsa: bolsaForm,
  material: materialForm,
  suporte: suporteForm,
  seo: seoForm,
  ausencia: ausenciaForm,
  adiantamento: adiantamentoForm,
};
