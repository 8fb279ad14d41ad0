import { Construction } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";

/** Placeholder for the sections later issues build, so the menu never leads to a 404. */
export function SectionComingSoon({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{title}</h1>
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-14 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-primary">
          <Construction className="size-6" aria-hidden="true" />
        </span>
        <p className="text-base font-medium">Esta seção está sendo preparada.</p>
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>Voltar para o início</Link>
        </Button>
      </div>
    </div>
  );
}
