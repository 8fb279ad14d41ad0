import type { StaffArea } from "@/domain/teams/team";

/** What a staff area's team also opens (the sidebar's names, spec §2). */
export const AREA_LABELS: Record<StaffArea, string> = {
  vagas: "Vagas",
  planejamento: "Planejamento",
};

/** Members from VAGAS_MANAGERS or PLANNING_MANAGERS: shown, not editable here. */
export const CONFIG_MEMBER_LABEL = "Definido na configuração";
