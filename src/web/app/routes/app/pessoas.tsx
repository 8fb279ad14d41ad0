import { PeoplePage } from "@/web/features/people/components/people-page";

/** 'Pessoas' (docs/decisions/048): behind RequireAccess("admin") in the router. */
export default function PessoasRoute() {
  return <PeoplePage />;
}
