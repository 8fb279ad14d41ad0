import { ClientsPage } from "@/web/features/clients/components/clients-page";

/** /planejamento/clientes (planning allow-list only; the route sits under RequireAccess). */
export default function ClientesRoute() {
  return <ClientsPage />;
}
