import { Lock } from "lucide-react";
import { CONFIG_MEMBER_LABEL } from "./labels";

/** A member by configuration (VAGAS_MANAGERS, PLANNING_MANAGERS): shown, not editable here. */
export function ConfigMemberChip({ email }: { email: string }) {
  return (
    <li
      className="flex max-w-full flex-wrap items-center gap-x-1.5 rounded-2xl border bg-muted px-3 py-1 text-sm text-muted-foreground"
      title={CONFIG_MEMBER_LABEL}
    >
      <Lock className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-all">{email}</span>
      <span className="text-xs">· {CONFIG_MEMBER_LABEL}</span>
    </li>
  );
}
