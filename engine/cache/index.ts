/**
 * What codegen keeps between runs and how it is keyed: one memo (memo.ts) over one folder of
 * entries (store.ts), keys that carry codegen's own identity (engine-identity.ts) and the state
 * of the folders a result was read from (tree-identity.ts), and the off switch of every speed
 * mechanism (switches.ts).
 */
export { treeIdentity, treeState } from "./tree-identity.js";
export { codegenVersion, engineIdentity, identifyAs, libraryVersion, type CodeForm } from "./engine-identity.js";
export { KeptBundle } from "./kept-bundle.js";
export { compiledEngine, packageRoot } from "./package-root.js";
export { MECHANISMS, switchedOff, type Mechanism } from "./switches.js";
export { cacheDir, seedDir } from "./store.js";
export { keep, memoized, memoKey, recall, type Codec, type KeyPart } from "./memo.js";
