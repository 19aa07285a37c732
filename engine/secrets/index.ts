/** Secrets: passwords kept out of what codegen prints and stores; random values packs ask for. */
export { redactDatasource, redactValue, REDACTED } from "./redact.js";
export { fillSecrets, holdsSecret, secretPlaceholder, SECRET_BYTES } from "./placeholders.js";
