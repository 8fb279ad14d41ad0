import { CircleAlert, CircleCheck } from "lucide-react";
import { type BackupStatus, lastBackupText } from "@/domain/backups/api";
import { ListError } from "@/web/components/list-states";
import { Card } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { formatFileSize, formatInstantDateTime } from "@/web/lib/format";
import { useBackupStatus } from "../api/backup";

function Schedule({ status }: { status: BackupStatus }) {
  if (!status.agendado)
    return (
      <p className="text-sm">
        O servidor não faz cópias sozinho. Para uma cópia diária, defina <code>BACKUP_SCHEDULE</code> (por
        exemplo <code>03:30</code>); à mão, use <code>npm run backup -- --verify</code>.
      </p>
    );
  return (
    <p className="text-sm">
      Todo dia às {status.agendado} (horário de São Paulo) o servidor copia tudo (banco de dados, arquivos e
      segredos), confere a cópia restaurando-a numa área de teste e guarda as {status.manter} mais recentes.
    </p>
  );
}

function Last({ status }: { status: BackupStatus }) {
  const last = status.ultimo;
  const ok = last?.verificado === true;
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <div className="flex items-start gap-2 text-sm" id="backup-ultimo">
      {last ? (
        <Icon
          className={
            ok ? "mt-0.5 size-4 shrink-0 text-emerald-600" : "mt-0.5 size-4 shrink-0 text-destructive"
          }
          aria-hidden="true"
        />
      ) : null}
      <div className="flex min-w-0 flex-col gap-0.5">
        {last ? (
          <span className="font-medium">
            Última cópia: {formatInstantDateTime(last.em)}
            {last.bytes !== null ? ` · ${formatFileSize(last.bytes)}` : ""}
          </span>
        ) : null}
        <span className={last && !ok ? "text-destructive" : "text-muted-foreground"}>
          {lastBackupText(last)}
        </span>
        {last?.arquivo ? <span className="truncate text-muted-foreground">{last.arquivo}</span> : null}
      </div>
    </div>
  );
}

/** 'Cópias de segurança' on 'Equipes e permissões': the schedule and how the last backup went. */
export function BackupSection() {
  const query = useBackupStatus();
  return (
    <section aria-labelledby="backup-titulo" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="backup-titulo" className="text-lg font-semibold tracking-tight">
          Cópias de segurança
        </h2>
      </div>
      {query.isPending ? (
        <Skeleton className="h-24 w-full rounded-xl" />
      ) : !query.data ? (
        <ListError
          title="Não foi possível carregar as cópias de segurança."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Card className="flex flex-col gap-3 p-4">
          <Schedule status={query.data} />
          <Last status={query.data} />
        </Card>
      )}
    </section>
  );
}
