/** Liquid rendering: the renderer packs' templates run in, its generic filters, and its diagnostics. */
export { packLiquid, Renderer, renders } from "./liquid.js";
export { liquidDiagnostic } from "./errors.js";
export { templateLineAt, withoutMarks } from "./template-lines.js";
export { filters } from "./filters.js";
export { useBudget, type RenderBudget } from "./budget.js";
