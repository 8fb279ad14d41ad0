import { Link } from "react-router";
import { paths } from "@/web/config/paths";

/** Where clients are kept (ours: the spec only reads them). */
export function ManageClientsLink() {
  return (
    <Link
      to={paths.app.clientes.getHref()}
      className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
    >
      Gerenciar clientes
    </Link>
  );
}
