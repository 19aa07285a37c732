/** The project's current files as the writer sees them: read once each, hashed on demand. */
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";

export function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export class ProjectFiles {
  private readonly bytes = new Map<string, Buffer | null>();
  private readonly hashes = new Map<string, string | null>();
  constructor(readonly root: string) {}

  /** A root-relative file's bytes, or null when there is none. */
  read(rel: string): Buffer | null {
    if (this.bytes.has(rel)) return this.bytes.get(rel) ?? null;
    let value: Buffer | null = null;
    try {
      value = readFileSync(join(this.root, rel));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EISDIR") throw new CodegenError(diag("WRITE_FAILED", `${rel} is a folder, but a file is planned there; nothing was written`));
      if (code !== "ENOENT" && code !== "ENOTDIR") throw e;
    }
    this.bytes.set(rel, value);
    return value;
  }

  hash(rel: string): string | null {
    if (this.hashes.has(rel)) return this.hashes.get(rel) ?? null;
    const bytes = this.read(rel);
    const value = bytes ? sha256(bytes) : null;
    this.hashes.set(rel, value);
    return value;
  }
}
