/**
 * `npm run build` step (`node dist/engine/precompile.js`): what costs time on every run and
 * depends only on codegen's own files is compiled once here: the JSON Schema validators. They
 * are stamped with the digest of its source; a stale or missing
 * one is compiled at run time instead. The built-in packs are loaded into a seed of the cache
 * (packs/seed.ts).
 */
import { precompileSchemas } from "./schema/index.js";
import { seedBuiltinPacks } from "./packs/index.js";

const schemas = await precompileSchemas();
// Last: the seed's entries are keyed by codegen's identity, which the validators above are part of.
const packs = await seedBuiltinPacks();
console.log(`precompiled ${schemas.length} schema validators; seeded the cache with ${packs.length} built-in pack(s)`);
