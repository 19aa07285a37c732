/**
 * What every descriptor language is given, one shape for all kinds: where the project is, and
 * the config and the pack as data, from which each language takes its own settings.
 */
import type { Diagnostic } from "../diagnostics/index.js";
import type { ImportCommandRunner } from "./proto/import-sets.js";

export interface ReadContext {
  root: string;
  /** The folder descriptors' imports must stay inside (default: root): a file the user named outside the project widens it to that file's folder. */
  scope?: string;
  /** The project's config values, checked against the config schema: each language reads its own keys (`sql.datasource`, `offline`). */
  config: Readonly<Record<string, unknown>>;
  /** The config layer a key's value came from (`file`, `pack`, `flag`, ...); undefined for a default. */
  layerOf: (key: string) => string | undefined;
  /** The pack's input globs, and what it says to each language, by kind (`proto`: its layout and import sets; `sql`: the migrations table). */
  pack: { inputs: Readonly<Record<string, string>>; settings: Readonly<Record<string, unknown>> };
  /** Runs the pack's commands a language needs (finding third-party files); absent when the user did not allow them. */
  run?: ImportCommandRunner;
  onSkip?: (message: string) => void;
  onWarning?: (warning: Diagnostic) => void;
}

/** A descriptor language: its reader (an empty list of files gives an empty IR), and its formatter where it has one. */
export interface Language {
  read(files: string[], ctx: ReadContext): Promise<object>;
  format?(text: string, file: string): Promise<{ text: string } | { diagnostic: Diagnostic }>;
}
