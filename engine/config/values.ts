/** The settings' values, as every layer together gives them (config/layers.ts). */

export interface Hooks {
  before: string[];
  after: string[];
}

export interface CodegenConfig {
  name: string;
  module: string;
  frame: string;
  pack: string;
  trust: boolean;
  offline: boolean;
  verbose: boolean;
  inputs: Record<string, string>;
  hooks: Hooks;
  gen: { desc: string[]; force: boolean; hooks: Hooks };
  sql: { datasource: string[]; tables: string[]; dialect: string | Record<string, string> };
  /** dir: "" until the pack or the user names a folder. */
  migrate: { datasource: string; dir: string };
  serverless: { plugins: string[]; plugin: boolean; mono: boolean };
  // The keys a pack declares (sql.cache, ...) sit beside these at run time: templates and rules
  // read them as config.*; the engine never does.
}
