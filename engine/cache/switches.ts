/**
 * Off switches for codegen's speed mechanisms (docs/architecture.md lists each with what it
 * saves): `CODEGEN_NO=<name>[,<name>]` runs without them, to measure what each one gains
 * (`npm run bench -- --ablate`) or to rule one out when something surprises. Output is the same
 * with any of them off; only the time changes. bin/codegen.js reads the start-up ones itself.
 */
export const MECHANISMS = [
  "bundle",
  "code-cache",
  "help-texts",
  "snapshot",
  "pack-cache",
  "seed",
  "validators",
  "yaml-bundle",
  "api-cache",
  "glob-regex",
  "render-cache",
  "view-cache",
  "step-cache",
  "step-batches",
  "shm",
  "command-cache",
] as const;

export type Mechanism = (typeof MECHANISMS)[number];

/** Whether CODEGEN_NO names this mechanism. */
export function switchedOff(name: Mechanism): boolean {
  const off = process.env["CODEGEN_NO"];
  return off !== undefined && off !== "" && off.split(",").some((n) => n.trim() === name);
}
