import { Link } from "react-router";
import { paths } from "@/web/config/paths";

/** Under a name the form takes from the account (read-only): where to change it. */
export function AccountNameHint() {
  return (
    <>
      Preenchido com o nome da sua conta.{" "}
      <Link
        to={paths.app.conta.getHref()}
        className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
      >
        Alterar em Minha conta
      </Link>
    </>
  );
}
