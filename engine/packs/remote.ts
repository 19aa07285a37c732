/**
 * Packs from elsewhere, fetched once into the cache and pinned: a git source resolves to a
 * commit, a tarball (or a hosted source giget downloads) to the digest of its files. A pinned
 * source is served from the cache without the network; `--offline` never touches it.
 *
 *   git+https://host/repo.git#ref   git+ssh://git@host/repo.git#ref   git+file:///path/repo.git#ref
 *   git:<url or path>#ref            <path to a local repository>#ref
 *   gh:owner/repo/dir#ref  gitlab:…  bitbucket:…  sourcehut:…  https://host/pack.tar.gz
 */
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { cacheDir } from "../cache/index.js";
import { CodegenError, diag } from "../diagnostics/index.js";
import { runArgv } from "../exec/index.js";

export interface Fetched {
  dir: string;
  /** The commit (git) or `sha256:<digest>` of the files (tarballs). */
  resolved: string;
}

export interface FetchOptions {
  offline: boolean;
  /** The version the project's ledger pinned, if any. */
  pinned?: string | undefined;
}

const hostedPrefixes = /^(gh|github|gitlab|bitbucket|sourcehut):/;

/** How a source is fetched, or null for a built-in name or a plain folder. */
export function remoteKind(source: string, base: string): "git" | "tarball" | null {
  if (/^git\+(https?|ssh|file):\/\//.test(source) || source.startsWith("git:")) return "git";
  if (hostedPrefixes.test(source) || /^https?:\/\//.test(source)) return "tarball";
  const path = localPath(source, base);
  return path && isGitRepository(path) && !existsSync(join(path, "pack.yaml")) ? "git" : null;
}

export async function fetchPack(source: string, base: string, options: FetchOptions): Promise<Fetched> {
  return remoteKind(source, base) === "git" ? fetchGit(source, base, options) : fetchTarball(source, options);
}

function localPath(source: string, base: string): string | null {
  const path = source.replace(/#[^#]*$/, "");
  if (/^[a-z+]+:/.test(path)) return null;
  return isAbsolute(path) ? path : resolve(base, path);
}

function isGitRepository(dir: string): boolean {
  return existsSync(join(dir, ".git")) || (existsSync(join(dir, "HEAD")) && existsSync(join(dir, "objects")));
}

async function git(args: string[], cwd: string, what: string): Promise<string> {
  const r = await runArgv(["git", ...args], cwd);
  if (r.exitCode !== 0)
    throw new CodegenError(diag("PACK_FETCH", `${what}: ${r.output.trim() || `git exited with ${r.exitCode}`}`), 1);
  return r.output.trim();
}

async function fetchGit(source: string, base: string, options: FetchOptions): Promise<Fetched> {
  const hash = source.lastIndexOf("#");
  const spec = hash >= 0 ? source.slice(0, hash) : source;
  const ref = hash >= 0 ? source.slice(hash + 1) : "HEAD";
  const stripped = spec.replace(/^git\+/, "").replace(/^git:/, "");
  const url = /^[a-z]+:\/\//.test(stripped) ? stripped : resolve(base, stripped);
  const home = cacheDir("packs", "git", createHash("sha256").update(url).digest("hex").slice(0, 16));
  const mirror = join(home, "repo.git");
  const checkout = (commit: string): string => join(home, commit);
  if (options.pinned && existsSync(join(checkout(options.pinned), ".complete")))
    return { dir: checkout(options.pinned), resolved: options.pinned };
  if (options.offline && !existsSync(mirror)) {
    throw new CodegenError(
      diag("PACK_FETCH", `template pack ${source} is not in the cache and --offline forbids fetching it`),
      1,
    );
  }
  if (!options.offline) {
    mkdirSync(home, { recursive: true });
    if (!existsSync(mirror))
      await git(["clone", "--quiet", "--mirror", url, mirror], home, `cannot fetch template pack ${source}`);
    else
      await git(
        ["--git-dir", mirror, "fetch", "--quiet", "--prune", "--tags", "origin", "+refs/*:refs/*"],
        home,
        `cannot update template pack ${source}`,
      );
  }
  const commit =
    options.pinned ??
    (await git(
      ["--git-dir", mirror, "rev-parse", "--verify", `${ref}^{commit}`],
      home,
      `template pack ${source}: no commit "${ref}"`,
    ));
  const dir = checkout(commit);
  if (!existsSync(join(dir, ".complete"))) {
    const tmp = `${dir}.${process.pid}.tmp`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    await git(
      ["--git-dir", mirror, "archive", "--format=tar", "-o", join(tmp, "pack.tar"), commit],
      home,
      `template pack ${source}: commit ${commit} is not available`,
    );
    const untar = await runArgv(["tar", "-xf", "pack.tar"], tmp);
    if (untar.exitCode !== 0)
      throw new CodegenError(diag("PACK_FETCH", `cannot unpack template pack ${source}: ${untar.output.trim()}`), 1);
    rmSync(join(tmp, "pack.tar"));
    writeFileSync(join(tmp, ".complete"), commit);
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
  }
  return { dir, resolved: commit };
}

async function fetchTarball(source: string, options: FetchOptions): Promise<Fetched> {
  const pinnedDir = options.pinned ? cacheDir("packs", "tree", options.pinned.replace(/^sha256:/, "")) : null;
  if (pinnedDir && existsSync(join(pinnedDir, "pack.yaml"))) return { dir: pinnedDir, resolved: options.pinned! };
  const latest = cacheDir("packs", "latest", createHash("sha256").update(source).digest("hex").slice(0, 16));
  if (!options.offline) {
    const tmp = `${latest}.${process.pid}.tmp`;
    const { downloadTemplate } = await import("giget");
    const withheld = plainHttp(source) && Boolean(process.env["GIGET_AUTH"]);
    try {
      await withoutToken(withheld, () =>
        downloadTemplate(source, {
          dir: tmp,
          force: true,
          forceClean: true,
          offline: false,
          preferOffline: false,
          silent: true,
          install: false,
        }),
      );
      rmSync(latest, { recursive: true, force: true });
      renameSync(tmp, latest);
    } catch (e) {
      rmSync(tmp, { recursive: true, force: true });
      const hint = withheld
        ? `GIGET_AUTH is sent only over https; ${source} is plain http, so it got no token`
        : undefined;
      if (!existsSync(join(latest, "pack.yaml")))
        throw new CodegenError(
          diag("PACK_FETCH", `cannot fetch template pack ${source}: ${(e as Error).message}`, undefined, hint),
          1,
        );
    }
  }
  if (!existsSync(join(latest, "pack.yaml"))) {
    throw new CodegenError(
      diag(
        "PACK_FETCH",
        `template pack ${source} is not in the cache${options.offline ? " and --offline forbids fetching it" : ""}`,
      ),
      1,
    );
  }
  const digest = `sha256:${treeDigest(latest)}`;
  if (options.pinned && options.pinned !== digest) {
    throw new CodegenError(
      diag(
        "PACK_CHANGED",
        `template pack ${source} changed since the project pinned it (${options.pinned.slice(0, 19)}…, now ${digest.slice(0, 19)}…)`,
        undefined,
        "review the change, then run codegen template update",
      ),
      1,
    );
  }
  const dir = cacheDir("packs", "tree", digest.slice("sha256:".length));
  if (!existsSync(join(dir, "pack.yaml"))) {
    rmSync(dir, { recursive: true, force: true });
    cpSync(latest, dir, { recursive: true });
  }
  return { dir, resolved: digest };
}

/**
 * Whether giget would fetch the source over plain http: an http:// URL, or a hosted source whose
 * server the environment moved to an http:// address (GIGET_GITHUB_URL, GIGET_GITLAB_URL).
 */
function plainHttp(source: string): boolean {
  if (/^http:\/\//i.test(source)) return true;
  const hosted = hostedPrefixes.exec(source)?.[1];
  const server =
    hosted === "gh" || hosted === "github"
      ? process.env["GIGET_GITHUB_URL"]
      : hosted === "gitlab"
        ? process.env["GIGET_GITLAB_URL"]
        : undefined;
  return server !== undefined && /^http:\/\//i.test(server);
}

/**
 * Runs the download with GIGET_AUTH out of the environment when `withhold`: a token sent over
 * plain http can be read by anyone on the path. giget reads the variable when downloadTemplate
 * is called, before its first await, so it is put back as soon as the call returns its promise
 * (another fetch running meanwhile, over https, still sees it).
 */
function withoutToken<T>(withhold: boolean, start: () => Promise<T>): Promise<T> {
  if (!withhold) return start();
  const token = process.env["GIGET_AUTH"];
  delete process.env["GIGET_AUTH"];
  try {
    return start();
  } finally {
    process.env["GIGET_AUTH"] = token;
  }
}

/**
 * SHA-256 over every file's relative path and bytes, in path order; a symbolic link counts by its
 * target's text (never read through: codegen refuses to read a pack's links anyway).
 */
export function treeDigest(dir: string): string {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split("\\").join("/"))
    .sort();
  const hash = createHash("sha256");
  for (const f of files) {
    const s = lstatSync(join(dir, f));
    if (s.isSymbolicLink()) hash.update(`${f}\0link\0${readlinkSync(join(dir, f))}\0`);
    else hash.update(`${f}\0${s.size}\0`).update(readFileSync(join(dir, f)));
  }
  return hash.digest("hex");
}
