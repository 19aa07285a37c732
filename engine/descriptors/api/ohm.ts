/**
 * ohm-js, loaded on first use. Most files are read by the hand-written parser (fast-parse.ts)
 * and never need ohm; a static import would load it on every run all the same. Internal to
 * the api reader.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as Ohm from "ohm-js";

const require = createRequire(import.meta.url);
let loaded: typeof Ohm | undefined;

/** The ohm-js module (its CommonJS build: the only way to load it synchronously). */
export function ohm(): typeof Ohm {
  loaded ??= require("ohm-js") as typeof Ohm;
  return loaded;
}

/** ohm-js's version, read from its package.json without loading it. */
export function ohmVersion(): string {
  if (loaded) return loaded.version;
  for (let dir = dirname(require.resolve("ohm-js")); ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "ohm-js" && pkg.version) return pkg.version;
    } catch {
      // no package.json here: look one folder up
    }
    if (dirname(dir) === dir) return ohm().version;
  }
}
