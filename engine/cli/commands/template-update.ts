import { loadConfig } from "../../config/index.js";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { loadPack, type PackPins } from "../../packs/index.js";
import { applyTransaction, readLedger, serializeLedger } from "../../write/index.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import type { Out } from "../report.js";
import { withProjectLock } from "../run-gen.js";

/** `codegen template update`: fetch the project's packs again and pin the versions found. */
export async function updatePacks(flags: GlobalFlags, out: Out, cwd: string): Promise<void> {
  const config = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  if (!config.inProject) throw new CodegenError(diag("NOT_A_PROJECT", `no .codegen.yaml in ${cwd} or its parents`), 2);
  if (config.values.offline)
    throw new CodegenError(diag("USAGE", "template update fetches packs; it cannot run --offline"), 2);
  await withProjectLock(config.root, "template update", out, async () => {
    const ledger = readLedger(config.root);
    const pins: PackPins = { pinned: {}, used: {} };
    await loadPack(config.values.pack, config.root, { pins });
    const sources = Object.keys(pins.used);
    if (sources.length === 0) {
      out.info("the project's pack is not fetched from anywhere: nothing to update");
      return;
    }
    for (const s of sources) {
      const before = ledger.packs[s];
      out.info(
        before === pins.used[s]
          ? `${s}: ${short(before)} (already the latest)`
          : `${s}: ${before ? short(before) : "not pinned"} -> ${short(pins.used[s])}`,
      );
    }
    const next = serializeLedger(ledger.entries.values(), ledger.descriptors, pins.used);
    if (!ledger.raw?.equals(next)) await applyTransaction(config.root, [], next);
    out.info("run codegen gen to regenerate with the updated pack");
  });
}

const short = (v: string | undefined): string => (v ?? "").replace(/^sha256:/, "sha256:").slice(0, 19);
