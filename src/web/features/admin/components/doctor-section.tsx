import { CircleAlert, CircleCheck, Stethoscope } from "lucide-react";
import { checkLabel, type DoctorCheck, doctorSummary } from "@/domain/doctor/api";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { formatInstantDateTime } from "@/web/lib/format";
import { useDoctorRun } from "../api/doctor";

function CheckRow({ check }: { check: DoctorCheck }) {
  const Icon = check.ok ? CircleCheck : CircleAlert;
  return (
    <li className="flex items-start gap-2 py-2 text-sm">
      <Icon
        className={
          check.ok ? "mt-0.5 size-4 shrink-0 text-emerald-600" : "mt-0.5 size-4 shrink-0 text-destructive"
        }
        aria-label={check.ok ? "Certo" : "Problema"}
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-medium">{checkLabel(check.name)}</span>
        <span className="break-words text-muted-foreground">{check.detail}</span>
        {check.fix ? <span className="break-words">Como corrigir: {check.fix}</span> : null}
      </div>
    </li>
  );
}

/**
 * 'Diagnóstico' on 'Equipes e permissões': the checks of `npm run doctor`, run by the server on
 * an administrator's demand (docs/decisions/042).
 */
export function DoctorSection() {
  const run = useDoctorRun();
  const report = run.data;
  return (
    <section aria-labelledby="diagnostico-titulo" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="diagnostico-titulo" className="text-lg font-semibold tracking-tight">
          Diagnóstico
        </h2>
        <Button variant="outline" size="sm" onClick={() => run.mutate()} disabled={run.isPending}>
          <Stethoscope aria-hidden="true" />
          {run.isPending ? "Verificando…" : report ? "Verificar de novo" : "Verificar agora"}
        </Button>
      </div>
      <Card className="flex flex-col gap-2 p-4">
        {run.isError ? (
          <p className="text-sm text-destructive" role="alert">
            Não foi possível fazer o diagnóstico. Tente de novo.
          </p>
        ) : report ? (
          <>
            <p className="text-sm font-medium" role="status">
              {doctorSummary(report)}{" "}
              <span className="font-normal text-muted-foreground">
                Verificado em {formatInstantDateTime(report.em)}.
              </span>
            </p>
            <ul className="divide-y">
              {report.verificacoes.map((check) => (
                <CheckRow key={check.name} check={check} />
              ))}
            </ul>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            Confere, a partir deste servidor, o banco de dados, os arquivos, o envio de e-mails, o endereço
            público, o proxy, o disco e as cópias de segurança, e diz como corrigir o que não estiver certo.
            Os mesmos testes de <code>npm run doctor</code>.
          </p>
        )}
      </Card>
    </section>
  );
}
