/**
 * `npm run build` step (`node dist/engine/precompile.js`): what costs time on every run and
 * depends only on codegen's own files is compiled once here: the JSON Schema validators and
 * the .api grammar. Each artifact is stamped with the digest of its source; a stale or missing
 * one is compiled at run time instead.
 */
import { precompileSchemas } from "./schema/index.js";
import { precompileReaders } from "./descriptors/index.js";

const schemas = await precompileSchemas();
const readers = await precompileReaders();
console.log(`precompiled ${schemas.length} schema validators and ${readers.length} grammar`);
