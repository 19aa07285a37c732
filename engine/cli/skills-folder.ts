/**
 * The folder `skills init` writes lies outside the project (an assistant's skills folder in the
 * user's home), so what a cloned project or a fetched pack says is confined to it: every file
 * is a plain path inside it reached through real folders only, and a manifest
 * (`.codegen-skills.json`) records each file skills init wrote there with the SHA-256 of its
 * bytes. A file the manifest does not list is never replaced (the user's own skill of the same
 * name): the run refuses and writes nothing. One whose bytes changed since skills init wrote it
 * was edited by the user and is kept.
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { LinkRefused, lstatOrNull, PathPolicy, readNoFollow, replaceFile } from "../fs/index.js";

export const SKILLS_MANIFEST = ".codegen-skills.json";

export interface SkillFile {
  path: string;
  contents: Buffer;
}

export interface SkillsPlan {
  /** Files to write: absent, or unchanged since skills init wrote them. */
  write: SkillFile[];
  /** Files whose bytes are already the planned ones. */
  unchanged: number;
  /** Files skills init wrote that the user edited since: left alone. */
  kept: string[];
  /** The manifest after the run: path to the SHA-256 of the bytes skills init wrote. */
  manifest: Record<string, string>;
  /** The manifest as it is on disk (null when absent), to leave it alone when nothing changed. */
  manifestText: string | null;
}

const sha256 = (b: Buffer): string => createHash("sha256").update(b).digest("hex");

/**
 * Decide every file before anything is written; throws (nothing written) for a path through a
 * link, or for files there that skills init did not write. `shown` names the folder in messages.
 */
export function planSkills(dest: string, files: SkillFile[], shown: string): SkillsPlan {
  const top = lstatOrNull(dest);
  if (top && !top.isSymbolicLink() && !top.isDirectory())
    throw new CodegenError(diag("UNSAFE_PATH", `${shown} is not a folder; nothing was written`), 1);
  const policy = new PathPolicy(dest);
  const previous = readManifest(dest, shown);
  const manifest: Record<string, string> = {};
  const plan: SkillsPlan = { write: [], unchanged: 0, kept: [], manifest, manifestText: previous.text };
  const foreign: string[] = [];
  for (const f of files) {
    if (f.path === SKILLS_MANIFEST)
      throw new CodegenError(
        diag(
          "UNSAFE_PATH",
          `a skills rule planned ${SKILLS_MANIFEST}, the file where skills init records what it wrote; nothing was written`,
        ),
        1,
      );
    policy.check(f.path, "skills init would write");
    const existing = readExisting(join(dest, f.path), `${shown}/${f.path}`);
    const planned = sha256(f.contents);
    const recorded = previous.files[f.path];
    if (existing === null) {
      plan.write.push(f);
      manifest[f.path] = planned;
    } else if (existing.equals(f.contents)) {
      plan.unchanged++;
      manifest[f.path] = planned;
    } else if (recorded === undefined) {
      foreign.push(f.path);
    } else if (recorded === sha256(existing)) {
      plan.write.push(f);
      manifest[f.path] = planned;
    } else {
      plan.kept.push(f.path);
      manifest[f.path] = recorded;
    }
  }
  if (foreign.length > 0) {
    throw new CodegenError(
      diag(
        "SKILLS_NOT_OURS",
        `${shown} holds files skills init did not write: ${foreign.join(", ")}; nothing was written`,
        undefined,
        "move them out of the way, or pass --output <dir> to write the skills into another folder",
      ),
      1,
    );
  }
  // Files written by an earlier run that this one does not plan stay recorded while they exist.
  for (const [path, hash] of Object.entries(previous.files))
    if (!(path in manifest) && policy.linkIn(path) === null && lstatOrNull(join(dest, path))?.isFile())
      manifest[path] = hash;
  return plan;
}

/** Write what planSkills decided, then the manifest (only when it changed). */
export function writeSkills(dest: string, plan: SkillsPlan): void {
  for (const f of plan.write) {
    const abs = join(dest, f.path);
    mkdirSync(dirname(abs), { recursive: true });
    // A new file is created exclusively (never through a link made meanwhile); an existing one is replaced by a rename.
    if (lstatOrNull(abs)) replaceFile(abs, f.contents);
    else writeFileSync(abs, f.contents, { flag: "wx" });
  }
  const text = manifestText(plan.manifest);
  if (text === plan.manifestText) return;
  const abs = join(dest, SKILLS_MANIFEST);
  mkdirSync(dest, { recursive: true });
  if (lstatOrNull(abs)) replaceFile(abs, text);
  else writeFileSync(abs, text, { flag: "wx" });
}

function manifestText(files: Record<string, string>): string {
  const sorted = Object.fromEntries(
    Object.keys(files)
      .sort()
      .map((k) => [k, files[k]!]),
  );
  return JSON.stringify({ written_by: "codegen skills init", files: sorted }, null, 2) + "\n";
}

/** The manifest's entries; a malformed one records nothing (so nothing there is taken as skills init's). */
function readManifest(dest: string, shown: string): { files: Record<string, string>; text: string | null } {
  const bytes = readExisting(join(dest, SKILLS_MANIFEST), `${shown}/${SKILLS_MANIFEST}`);
  if (bytes === null) return { files: {}, text: null };
  const text = bytes.toString("utf8");
  const files: Record<string, string> = Object.create(null) as Record<string, string>;
  try {
    const doc = JSON.parse(text) as { files?: unknown } | null;
    if (doc && typeof doc.files === "object" && doc.files !== null && !Array.isArray(doc.files)) {
      for (const [k, v] of Object.entries(doc.files))
        if (typeof v === "string" && /^[0-9a-f]{64}$/.test(v)) files[k] = v;
    }
  } catch {
    // Not JSON: nothing is recorded.
  }
  return { files, text };
}

function readExisting(abs: string, shown: string): Buffer | null {
  try {
    return readNoFollow(abs)?.bytes ?? null;
  } catch (e) {
    if (e instanceof LinkRefused)
      throw new CodegenError(
        diag(
          "UNSAFE_PATH",
          `${shown} is a symbolic link; skills init never reads or writes through links; nothing was written`,
        ),
        1,
      );
    if ((e as NodeJS.ErrnoException).code === "EISDIR")
      throw new CodegenError(
        diag("UNSAFE_PATH", `${shown} is a folder, where skills init would write a file; nothing was written`),
        1,
      );
    throw e;
  }
}
