import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BackupStatus } from "@/domain/backups/api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* The backups' state (docs/decisions/041): src/server/backup/backup.routes.ts. */

export const backupStatusQueryOptions = queryOptions({
  queryKey: ["admin", "backup"] as const,
  queryFn: ({ signal }) => api.get<BackupStatus>(apiPaths.admin.backup, { signal }),
});

export function useBackupStatus() {
  return useQuery(backupStatusQueryOptions);
}
