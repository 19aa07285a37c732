/**
 * Whole-IR `data` expressions (an OpenAPI document, a wiring table) are the slowest part of a
 * plan and depend only on the IR, the config and the expression: their results are kept in the
 * cache under a digest of all three, so a no-change `gen` does not evaluate them again.
 */
import { createHash } from "node:crypto";
import { cachedOutput, engineIdentity, storeOutput } from "../cache/index.js";
import { guarded } from "./jsonata.js";

/** A digest of the inputs every whole-IR expression sees (the IR given as its JSON). */
export function planDigest(irJson: string, config: object): string {
  return createHash("sha256").update(irJson).update("\0").update(JSON.stringify(config)).digest("hex");
}

export async function cachedData(digest: string, expression: string, evaluate: () => Promise<unknown>): Promise<unknown> {
  const key = createHash("sha256").update(`data\0${engineIdentity()}\0${digest}\0${expression}`).digest("hex");
  const hit = await cachedOutput(key);
  if (hit) {
    try {
      return guarded(JSON.parse(hit.toString("utf8")));
    } catch {
      // a damaged entry is recomputed below
    }
  }
  const value = await evaluate();
  await storeOutput(key, Buffer.from(JSON.stringify(value ?? null)));
  return value;
}
