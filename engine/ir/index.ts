/** The IR's TypeScript mirror: one module per descriptor kind (schemas/ir*.schema.json are the contract). */
export type * from "./api.js";
export type * from "./proto.js";
export type * from "./sql.js";
