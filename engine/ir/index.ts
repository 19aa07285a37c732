/** The IR's TypeScript types, generated from schemas/ir.schema.json and schemas/ir-proto.schema.json (npm run ir-types). */
export type * from "./ir.js";
export type * from "./proto.js";
