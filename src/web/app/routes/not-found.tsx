import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Logo } from "@/web/components/logo";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";

/** Spec §2: any unknown path, signed in or not. */
export default function NotFoundRoute() {
  return (
    <main className="bg-auth flex min-h-svh flex-col items-center justify-center px-6 py-10 text-center">
      <div className="flex max-w-md flex-col items-center gap-5">
        <Logo markClassName="size-9" />
        <p className="bg-gradient-to-b from-primary to-brand-strong bg-clip-text text-8xl font-bold tracking-tighter text-transparent">
          404
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">Oops! Page not found</h1>
        <p className="text-muted-foreground">A página que você procura não existe ou foi movida.</p>
        <Button asChild size="lg">
          <Link to={paths.home.getHref()}>
            <ArrowLeft aria-hidden="true" />
            Voltar para o início
          </Link>
        </Button>
      </div>
    </main>
  );
}
