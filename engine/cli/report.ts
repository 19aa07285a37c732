import type { WriteReport } from "../write/index.js";

export interface Out {
  info(line: string): void;
  error(line: string): void;
}

export const stdio: Out = {
  info: (line) => process.stdout.write(line + "\n"),
  error: (line) => process.stderr.write(line + "\n"),
};

export function summary(report: WriteReport, dryRun: boolean): string {
  const c = report.counts;
  const verb = dryRun ? "would write" : "wrote";
  const removed = c.removed ? `, ${c.removed} removed` : "";
  const moved = c.moved ? `, ${c.moved} moved` : "";
  const lines = [
    `${verb} ${files(c.created + c.updated + c.moved)}: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.kept} kept${removed}${moved}`,
  ];
  if (report.adopted > 0)
    lines.push(
      `${dryRun ? "would adopt" : "adopted"} ${report.adopted} existing ${report.adopted === 1 ? "file that matches" : "files that match"} the plan into the ledger (.codegen/ledger.json)`,
    );
  for (const p of report.orphans) lines.push(`kept, no longer generated: ${p}`);
  return lines.join("\n");
}

/** `1 file`, `2 files`. */
export function files(n: number): string {
  return `${n} ${n === 1 ? "file" : "files"}`;
}

export function fileLines(report: WriteReport, all: boolean): string[] {
  return report.outcomes
    .filter(
      (o) => all || o.state === "created" || o.state === "updated" || o.state === "removed" || o.state === "moved",
    )
    .map((o) => `  ${o.state.padEnd(9)} ${o.path}${o.from ? ` (from ${o.from})` : ""}`);
}

export async function diffLines(report: WriteReport): Promise<string> {
  const { createTwoFilesPatch } = await import("diff");
  const parts: string[] = [];
  for (const o of report.outcomes) {
    if (o.state === "unchanged" || o.state === "kept") continue;
    const before = o.before ? o.before.toString("utf8") : "";
    parts.push(
      createTwoFilesPatch(
        o.before ? `a/${o.from ?? o.path}` : "/dev/null",
        o.state === "removed" ? "/dev/null" : `b/${o.path}`,
        before,
        o.after.toString("utf8"),
        "",
        "",
        { context: 3 },
      ).replace(/^=+\n/, ""),
    );
  }
  return parts.join("");
}
