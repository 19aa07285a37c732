/** A loaded configuration: its values, where each came from, and the project it belongs to. */
import type { Layer } from "./keys.js";
import type { Layers } from "./layers.js";
import type { CodegenConfig } from "./values.js";

export interface LoadedConfig {
  /** Project root: the folder of the nearest .codegen.yaml (or the working directory outside a project). */
  root: string;
  /** True when a .codegen.yaml was found (or the root was given): `root` is a project. */
  inProject: boolean;
  /** The settings file that was read, if any (the project's, or --config). */
  file: string | null;
  values: CodegenConfig;
  /** Dotted key → the layer that set it. */
  provenance: Map<string, Layer>;
  /** Every known leaf key with its JSON type: the engine's, and the pack's once applied. */
  keys: Map<string, string>;
  /** The project file the module was read from (the pack's module_source), or null. */
  moduleFrom: string | null;
  /** The folder of that file relative to the project root: "" for the project's own (or none), "../.." for a module root above. */
  moduleRoot: string;
  /** The folder of the pack whose config was applied (applyPack), or null. */
  pack: string | null;
  layers: Layers;
}
