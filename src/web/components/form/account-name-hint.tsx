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

/**
 * The requester's name in a request form (spec §2): taken from the account and locked, with where
 * to change it; typed in full by someone whose account has no name yet. Declared here once; each
 * form names its field and how it is locked.
 */
export function accountNameField<N extends string>(
  name: N,
  options: { lock?: "readOnly" | "disabled"; required?: boolean; wide?: boolean } = {},
) {
  return {
    type: "session" as const,
    name,
    lock: options.lock ?? ("readOnly" as const),
    lockedHint: <AccountNameHint />,
    input: "name" as const,
    placeholder: "Digite seu nome completo",
    ...(options.required ? { required: true } : {}),
    ...(options.wide ? { wide: true } : {}),
  };
}
