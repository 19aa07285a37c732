/** A template the compiler leaves to liquidjs (compiled.ts). */
export class Unsupported extends Error {}
