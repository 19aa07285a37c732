import type { SourceSpan } from "../diagnostics/index.js";
import type { ProtoImportSet } from "../descriptors/index.js";
import type { PackConfig } from "./config.js";

/** managed: regenerated; once: written when missing; merge: YAML whose missing keys are added. */
export type Mode = "managed" | "once" | "merge";

/** What a run plans: a project's files (gen), a new project's seed (new), or assistant skills. */
export type Phase = "gen" | "new" | "skills";

export interface Rule {
  name: string;
  frames: string[] | null;
  on: Phase[];
  each: string | null;
  as: string;
  when: string | null;
  /** jsonata (inline, or the text of a named view) whose value the template sees as `data`. */
  data: string | null;
  /** The view file `data` came from (`views/<view>.jsonata`, found child first in the pack chain), if any. */
  dataFile: string | null;
  path: string;
  template: string | null;
  copy: string | null;
  /** "managed", "once", or a Liquid string rendering to one of them. */
  mode: string;
  /** Liquid string naming the file apart from its path (write/moves.ts); null when the rule gives none. */
  identity: string | null;
  /** Where the rule was declared, for diagnostics. */
  span: SourceSpan;
  /** Pack that declared it; static files resolve against its folders first. */
  pack: string;
  /** Declared by a built-in pack (its skills rules write outside the project without consent). */
  builtin: boolean;
  /** The source of the pack that declares it, as written (for the user's trust allow-list). */
  source: string;
}

export interface Step {
  name: string;
  run: string[];
  files: string | null;
  /** jsonata giving extra argv elements (one per item). */
  args: string | null;
  frames: string[] | null;
  when: string | null;
  collect: string | null;
  /** Per-file and pure: outputs are cached by input content. */
  cache: boolean;
  /** Marker of the files it collects: such a file at a planned path is taken as generated; "" when none. */
  marker: string;
  /** Root-relative glob of what a whole (non per-file) cached step reads; part of its cache key. */
  inputs: string | null;
  /** More programs whose identity is part of a cached step's key (the first argument always is). */
  cacheTools: string[];
  /** Declared by a built-in pack (trusted to run without --trust). */
  builtin: boolean;
  /** The source of the pack that declares it, as written (for the user's trust allow-list). */
  source: string;
  span: SourceSpan;
}

export interface Tool {
  name: string;
  check: string[];
  frames: string[] | null;
  install: string;
  /** Declared by a built-in pack (its check runs without consent). */
  builtin: boolean;
  /** The source of the pack that declares it, as written. */
  source: string;
}

export interface Pack {
  name: string;
  description: string;
  /** Folder of the pack itself. */
  dir: string;
  /** Folders of every pack in the extends chain, child first. */
  layers: string[];
  /** True for packs shipped in template-packs/ (trusted to run steps). */
  builtin: boolean;
  /** Template folders, the extending pack's first. */
  templateDirs: string[];
  /** View folders (`views/`: named IR → template data programs, the function library, their tests), child first. */
  viewDirs: string[];
  /** Function libraries (`views/functions.jsonata`), base layer first; see plan/functions.ts. */
  functions: Array<{ source: string; span: SourceSpan; builtin: boolean }>;
  /** Descriptor check folders (`checks/`, same format as the engine's rules/) of every layer. */
  checkDirs: string[];
  staticDirs: string[];
  managedMarker: string;
  /** pack.yaml `foreign_markers`: another generator's markers; its files at managed paths are taken as generated. */
  foreignMarkers: string[];
  inputs: Record<string, string>;
  /** `inputs`: the input kinds the frame reads, or null for all of them. */
  frames: Record<string, { description: string; next: string[]; inputs: string[] | null }>;
  /** Where a generated project keeps its database settings (for `migrate`); null: nowhere. */
  database: ProjectDatabase | null;
  /** pack.yaml `database.migrations_table`: the table migrations keep their version in; null: none declared. */
  migrationsTable: string | null;
  /** pack.yaml `api.package_key`: the info key naming an .api file's package; null: one package. */
  apiPackageKey: string | null;
  /** pack.yaml `proto`: where .proto inputs import from. */
  protoLayout: ProtoLayout;
  /** pack.yaml `adopt`: how `codegen adopt` recognizes a project of this layout; null: it cannot adopt. */
  adopt: AdoptSupport | null;
  /** Where an existing project states its module; null: only the config says. */
  moduleSource: ModuleSource | null;
  /** pack.yaml `skills.folder`: skills init's default folder, `~/` and a path below the home; null: --output is needed. */
  skillsFolder: string | null;
  /** Plugins (sub-projects a host loads); null when the pack has none. */
  plugins: PluginSupport | null;
  /** The config schema (the engine's keys and the chain's) and the chain's config defaults. */
  config: PackConfig;
  steps: Step[];
  tools: Tool[];
  /** Third-party .proto import sets and where their files are found, in compiler include order. */
  protoImports: DeclaredImportSet[];
  rules: Rule[];
  /** Packs in the extends chain, child first (names), for messages. */
  chain: string[];
}

export interface PluginCommand {
  run: string[];
  /** Once per plugin concerned, or once for the host. */
  each: boolean;
  in: "host" | "plugin";
  when: string | null;
  progress: string;
  builtin: boolean;
  source: string;
}

export interface PluginSupport {
  /** Host folder holding one folder per plugin. */
  dir: string;
  /** Frames a plugin and its host may have. */
  frames: string[];
  build: PluginCommand[];
  delete: PluginCommand[];
}

/** An import set as a pack declares it: its `command` sources run programs, so trust applies. */
export interface DeclaredImportSet extends ProtoImportSet {
  builtin: boolean;
  source: string;
  span: SourceSpan;
}

/** pack.yaml `proto`, with folders relative to the project root. */
export interface ProtoLayout {
  /** The folder import paths start from; null: the folders before the first wildcard of the proto input glob. */
  root: string | null;
  /** Folders holding copies of third-party files: include folders, never read as the project's own files. */
  vendored: string[];
}

/** pack.yaml `database`: a YAML file of the project and the dotted keys of driver and data source. */
export interface ProjectDatabase {
  file: string;
  driver: string;
  datasource: string;
}

/** pack.yaml `module_source`: the first line of `file` starting with `keyword` names the module. */
export interface ModuleSource {
  file: string;
  keyword: string;
  /** Also in the folders above the project; the module then gains the project's folder below the file's. */
  upward?: boolean;
}

/** pack.yaml `adopt`: the config keys whose values adopt tries, and per frame the files a project of it has. */
export interface AdoptSupport {
  vary: string[];
  frames: Record<string, { requires: string[]; vary: string[] }>;
}
