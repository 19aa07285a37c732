/** Load a template pack (and the packs it extends) into one merged, validated Pack. */
import { readdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { parseYaml, validateDoc, type YamlDoc } from "../schema/index.js";
import { layersOf, readPackText } from "../fs/index.js";
import { isBuiltinName, isRemote, resolvePackSource, type SourceOptions } from "./source.js";
import { cachedPack, packKey, storePack } from "./loaded-cache.js";
import { DEFAULT_PLUGINS_DIR } from "../project/index.js";
import { importSets, type ImportSetYaml } from "./proto-imports.js";
import { mergeBy } from "./merge.js";
import { packConfig, type ConfigSection } from "./config.js";
import type {
  ModuleSource,
  Pack,
  Phase,
  PluginCommand,
  PluginSupport,
  ProjectDatabase,
  Rule,
  Step,
  Tool,
} from "./types.js";

interface ManifestYaml {
  name: string;
  description?: string;
  extends?: string | null;
  managed_marker?: string;
  foreign_markers?: string[];
  inputs?: Record<string, string>;
  frames?: Record<string, { description?: string; next?: string[]; inputs?: string[] }>;
  steps?: Array<{
    name: string;
    run: string[];
    files?: string;
    args?: string;
    frames?: string[];
    when?: string;
    collect?: string;
    cache?: boolean;
    marker?: string;
    inputs?: string;
    cache_tools?: string[];
  }>;
  tools?: Array<{ name: string; check: string[]; frames?: string[]; install?: string }>;
  plugins?: { dir?: string; frames?: string[]; build?: PluginCommandYaml[]; delete?: PluginCommandYaml[] };
  proto_imports?: ImportSetYaml[];
  config?: ConfigSection;
  database?: Partial<ProjectDatabase> & { migrations_table?: string };
  api?: { package_key?: string };
  module_source?: ModuleSource;
  adopt?: { vary?: string[]; frames: Record<string, { requires?: string[]; vary?: string[] }> };
  proto?: { root?: string; vendored?: string[] };
  skills?: { folder: string };
}

interface PluginCommandYaml {
  run: string[];
  each?: boolean;
  in?: "host" | "plugin";
  when?: string;
  progress?: string;
}

type RuleYaml = Partial<Omit<Rule, "span" | "pack" | "builtin" | "source">> & {
  name: string;
  enabled?: boolean;
  on?: Phase[];
  view?: string;
};

export async function loadPack(source: string, base: string, options: SourceOptions = {}): Promise<Pack> {
  if (isRemote(source)) return loadChain(source, base, options);
  const key = packKey(source, base, isBuiltinName(source));
  const cached = cachedPack(key);
  if (cached) return cached;
  const started = Date.now();
  const pack = await loadChain(source, base, options);
  storePack(key, pack, started);
  return pack;
}

async function loadChain(source: string, base: string, options: SourceOptions & { seen?: string[] }): Promise<Pack> {
  const { dir, builtin } = await resolvePackSource(source, base, options);
  const seen = options.seen ?? [];
  if (seen.includes(dir))
    throw new CodegenError(
      diag("PACK_INVALID", `template packs extend each other in a cycle: ${[...seen, dir].join(" -> ")}`),
      2,
    );
  const shown = (p: string): string =>
    builtin ? `template-packs/${relative(join(dir, ".."), p)}` : relative(process.cwd(), p) || p;

  const manifestDoc = packYaml(dir, join(dir, "pack.yaml"), shown, "PACK_INVALID");
  await validateDoc(manifestDoc, "pack.schema.json", "PACK_INVALID");
  const m = manifestDoc.value as ManifestYaml;

  const parent = m.extends ? await loadChain(m.extends, dir, { ...options, seen: [...seen, dir] }) : null;
  const steps: Step[] = (m.steps ?? []).map((s, i) => ({
    name: s.name,
    run: s.run,
    files: s.files ?? null,
    args: s.args ?? null,
    frames: s.frames ?? null,
    when: s.when ?? null,
    collect: s.collect ?? null,
    cache: s.cache ?? false,
    marker: s.marker ?? "",
    inputs: s.inputs ?? null,
    cacheTools: s.cache_tools ?? [],
    builtin,
    source,
    span: manifestDoc.spanAt(["steps", i]),
  }));
  const tools: Tool[] = (m.tools ?? []).map((t) => ({
    name: t.name,
    check: t.check,
    frames: t.frames ?? null,
    install: t.install ?? "",
    builtin,
    source,
  }));

  const templateDirs = [join(dir, "templates"), ...(parent?.templateDirs ?? [])].filter((d) => existsSync(d));
  const viewDirs = [join(dir, "views"), ...(parent?.viewDirs ?? [])].filter((d) => existsSync(d));
  const rules = await resolveViews(
    mergeRules(parent?.rules ?? [], await loadRules(dir, { pack: m.name, builtin, source }, shown)),
    viewDirs,
    templateDirs,
  );
  const library = join(dir, "views", FUNCTIONS_FILE);
  const functions = [
    ...(parent?.functions ?? []),
    ...(existsSync(library)
      ? [
          {
            source: readPackText([dir], library, shown(library)) ?? "",
            span: { file: shown(library), line: 1, column: 1 },
            builtin,
          },
        ]
      : []),
  ];
  const frames: Pack["frames"] = { ...(parent?.frames ?? {}) };
  for (const [k, v] of Object.entries(m.frames ?? {}))
    frames[k] = {
      description: v.description ?? "",
      next: v.next ?? frames[k]?.next ?? [],
      inputs: v.inputs ?? frames[k]?.inputs ?? null,
    };

  return {
    name: m.name,
    description: m.description ?? parent?.description ?? "",
    dir,
    layers: [dir, ...(parent?.layers ?? [])],
    builtin: builtin && (parent?.builtin ?? true),
    templateDirs,
    viewDirs,
    functions,
    checkDirs: [join(dir, "checks"), ...(parent?.checkDirs ?? [])].filter((d) => existsSync(d)),
    staticDirs: [join(dir, "static"), ...(parent?.staticDirs ?? [])].filter((d) => existsSync(d)),
    managedMarker: m.managed_marker ?? parent?.managedMarker ?? "",
    foreignMarkers: m.foreign_markers ?? parent?.foreignMarkers ?? [],
    inputs: { ...(parent?.inputs ?? {}), ...(m.inputs ?? {}) },
    frames,
    database: projectDatabase(m.database) ?? parent?.database ?? null,
    migrationsTable: m.database?.migrations_table ?? parent?.migrationsTable ?? null,
    apiPackageKey: m.api?.package_key ?? parent?.apiPackageKey ?? null,
    protoLayout: {
      root: m.proto?.root ?? parent?.protoLayout.root ?? null,
      vendored: m.proto?.vendored ?? parent?.protoLayout.vendored ?? [],
    },
    moduleSource: m.module_source ?? parent?.moduleSource ?? null,
    skillsFolder: m.skills?.folder ?? parent?.skillsFolder ?? null,
    adopt: m.adopt
      ? {
          vary: m.adopt.vary ?? [],
          frames: Object.fromEntries(
            Object.entries(m.adopt.frames).map(([f, v]) => [f, { requires: v.requires ?? [], vary: v.vary ?? [] }]),
          ),
        }
      : (parent?.adopt ?? null),
    plugins: pluginSupport(m.plugins, parent?.plugins ?? null, builtin, source),
    config: await packConfig(m.config, parent?.config ?? null, manifestDoc),
    steps: mergeBy(parent?.steps ?? [], steps, (s) => s.name),
    tools: mergeBy(parent?.tools ?? [], tools, (t) => t.name),
    protoImports: mergeBy(
      parent?.protoImports ?? [],
      importSets(m.proto_imports, manifestDoc, { builtin, source }),
      (set) => set.id,
    ),
    rules,
    chain: [m.name, ...(parent?.chain ?? [])],
  };
}

/** The project file holding the database settings, when the section names one (the schema asks for all three keys together). */
function projectDatabase(m: ManifestYaml["database"]): ProjectDatabase | null {
  return m?.file && m.driver && m.datasource ? { file: m.file, driver: m.driver, datasource: m.datasource } : null;
}

/** A layer's plugins section replaces its parent's keys one by one. */
function pluginSupport(
  m: ManifestYaml["plugins"],
  parent: PluginSupport | null,
  builtin: boolean,
  source: string,
): PluginSupport | null {
  if (!m) return parent;
  const commands = (list: PluginCommandYaml[] | undefined, inherited: PluginCommand[] | undefined): PluginCommand[] =>
    list
      ? list.map((c) => ({
          run: c.run,
          each: c.each ?? true,
          in: c.in ?? "host",
          when: c.when ?? null,
          progress: c.progress ?? "",
          builtin,
          source,
        }))
      : (inherited ?? []);
  return {
    dir: m.dir ?? parent?.dir ?? DEFAULT_PLUGINS_DIR,
    frames: m.frames ?? parent?.frames ?? [],
    build: commands(m.build, parent?.build),
    delete: commands(m.delete, parent?.delete),
  };
}

async function loadRules(
  dir: string,
  declaredBy: Pick<Rule, "pack" | "builtin" | "source">,
  shown: (p: string) => string,
): Promise<Array<Rule | { name: string; enabled: false }>> {
  const rulesDir = join(dir, "rules");
  if (!existsSync(rulesDir)) return [];
  const files = (await readdir(rulesDir)).filter((f) => /\.ya?ml$/.test(f)).sort();
  const out: Array<Rule | { name: string; enabled: false }> = [];
  const names = new Map<string, string>();
  for (const f of files) {
    const doc = packYaml(dir, join(rulesDir, f), shown, "PACK_RULE_INVALID");
    if (
      doc.value === null ||
      (typeof doc.value === "object" && !Array.isArray(doc.value) && Object.keys(doc.value).length === 0)
    )
      continue;
    await validateDoc(doc, "rules.schema.json", "PACK_RULE_INVALID");
    for (const [i, r] of (doc.value as RuleYaml[]).entries()) {
      const span = doc.spanAt([i, "name"]);
      const prior = names.get(r.name);
      if (prior)
        throw new CodegenError(
          diag("PACK_RULE_INVALID", `rule "${r.name}" is declared twice (first at ${prior})`, span),
        );
      names.set(r.name, `${span.file}:${span.line}`);
      if (r.enabled === false) {
        out.push({ name: r.name, enabled: false });
        continue;
      }
      out.push({
        name: r.name,
        frames: r.frames ?? null,
        on: r.on ?? ["gen"],
        each: r.each ?? null,
        as: r.as ?? "item",
        when: r.when ?? null,
        data: r.data && !isDataFile(r.data) ? r.data : null,
        dataFile: r.view ? `${r.view.trim()}.jsonata` : r.data && isDataFile(r.data) ? r.data.trim() : null,
        path: r.path ?? "",
        template: r.template ?? null,
        copy: r.copy ?? null,
        mode: r.mode ?? "managed",
        identity: r.identity ?? null,
        span,
        ...declaredBy,
      });
    }
  }
  return out;
}

/** A YAML file of the pack in `dir`, read through the path policy. */
function packYaml(dir: string, file: string, shown: (p: string) => string, code: string): YamlDoc {
  const text = readPackText([dir], file, shown(file));
  if (text === null) throw new CodegenError(diag(code, `cannot read ${shown(file)}: no such file`));
  return parseYaml(text, shown(file), code);
}

const isDataFile = (data: string): boolean => data.trim().endsWith(".jsonata");

/** The function library's file name inside a layer's views/ folder. */
export const FUNCTIONS_FILE = "functions.jsonata";

/**
 * A rule's `view: rpc/service` names `views/rpc/service.jsonata`, read from the first pack in the
 * chain that has it, so a pack extending another replaces one view by giving the same name.
 * (`data: x.jsonata`, the older form, is looked up in views/ and then templates/.)
 */
async function resolveViews(rules: Rule[], viewDirs: string[], templateDirs: string[]): Promise<Rule[]> {
  return Promise.all(
    rules.map(async (r) => {
      if (!r.dataFile) return r;
      const dirs = [...viewDirs, ...templateDirs];
      const file = dirs.map((d) => join(d, r.dataFile!)).find((f) => existsSync(f));
      if (!file)
        throw new CodegenError(
          diag(
            "PACK_RULE_INVALID",
            `rule view ${r.dataFile} is not in the views/ folder of any pack in the chain`,
            r.span,
          ),
        );
      return { ...r, data: readPackText(layersOf(dirs), file) ?? "" };
    }),
  );
}

/** A child rule replaces the parent's rule of the same name in place; `enabled: false` removes it. */
function mergeRules(parent: Rule[], child: Array<Rule | { name: string; enabled: false }>): Rule[] {
  const result = [...parent];
  for (const r of child) {
    const at = result.findIndex((p) => p.name === r.name);
    if ("enabled" in r) {
      if (at >= 0) result.splice(at, 1);
    } else if (at >= 0) result[at] = r;
    else result.push(r);
  }
  return result;
}
