/** The IR's TypeScript types, generated from schemas/ir.schema.json and the schemas it refers to (npm run ir-types). */
export type * from "./ir.js";
export type * from "./proto.js";
export type * from "./jsonschema.js";
