/**
 * The operator's commands as the release carries them (docs/decisions/045): `bin/balcao doctor`
 * and `bin/balcao backup --verify`, with the instances' settings, on the shared PostgreSQL and S3.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { check, spawnLogged } from "./harness";
import { baseEnv } from "./instances";

async function run(release: string, args: string[], env: NodeJS.ProcessEnv, logFile: string) {
  const child = spawnLogged(path.join(release, "bin/balcao"), args, { cwd: release, env, logFile });
  const code = await child.exited;
  return { code, output: readFileSync(logFile, "utf8"), tail: child.tail(20) };
}

/** Runs both commands; what they said, in one line. */
export async function releaseCommands(options: {
  release: string;
  env: NodeJS.ProcessEnv;
  workDir: string;
}): Promise<string> {
  const env = {
    ...baseEnv(),
    ...options.env,
    DATA_DIR: path.join(options.workDir, "data-commands"),
    BACKUP_DIR: path.join(options.workDir, "backups"),
  };
  const doctor = await run(options.release, ["doctor"], env, path.join(options.workDir, "doctor.log"));
  // No SMTP server here: the doctor says so and exits 1; everything the release reaches must pass.
  for (const line of ["OK  Configuration", "OK  Database", "OK  Files", "OK  Public address", "OK  Proxy"])
    check(doctor.output.includes(line), `bin/balcao doctor lacks "${line}":\n${doctor.tail}`);
  check(doctor.code === 1 && /^XX {2}E-mail/m.test(doctor.output), `bin/balcao doctor:\n${doctor.tail}`);
  const backup = await run(
    options.release,
    ["backup", "--verify"],
    env,
    path.join(options.workDir, "backup.log"),
  );
  const verified = backup.output.match(/^Verified: .*$/m)?.[0];
  check(backup.code === 0 && verified, `bin/balcao backup --verify failed (${backup.code}):\n${backup.tail}`);
  return `doctor: database, files, address and proxy OK (no SMTP, as set up); backup ${verified}`;
}
