import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";

/** Spec §2 viewer: back to the user's plans. */
export function BackButton() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 self-start text-muted-foreground">
      <Link to={paths.app.planejamentoLista.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Voltar
      </Link>
    </Button>
  );
}
