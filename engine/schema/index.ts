/** JSON Schema validation of YAML documents (with positions) and of values. */
export * from "./validate.js";
export * from "./yaml-doc.js";
export { yamlLib } from "./yaml-lib.js";
