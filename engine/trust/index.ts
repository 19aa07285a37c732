export { commandsNeedingConsent, fileHooks, shownCommand, type CommandKind, type HookKey, type ProjectCommand } from "./commands.js";
export { allowForThisRun, consentState, listing, notAllowed, recordConsent, requireConsent, skippedLine, type ConsentState } from "./consent.js";
export { consentFile, readConsent, writeConsent } from "./store.js";
