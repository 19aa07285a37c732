/** Secrets: passwords kept out of what codegen prints and stores. */
export { redactDatasource, redactValue, REDACTED } from "./redact.js";
