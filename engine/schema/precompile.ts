/**
 * `npm run build` step: compile every schema in schemas/ to a standalone validator module
 * (schema/compiled.ts loads them). Run as `node dist/engine/schema/precompile.js`.
 */
import { readFileSync, readdirSync } from "node:fs";
import { schemaPath, schemasDir, standaloneValidator } from "./validate.js";
import { writePrecompiled } from "./compiled.js";

const names = readdirSync(schemasDir).filter((f) => f.endsWith(".schema.json")).sort();
for (const name of names) writePrecompiled(name, readFileSync(schemaPath(name), "utf8"), await standaloneValidator(name));
console.log(`precompiled ${names.length} schemas`);
