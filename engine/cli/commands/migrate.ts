import { resolve } from "node:path";
import { outsideProject } from "../../fs/index.js";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { consentState, envName, loadConfig } from "../../config/index.js";
import { redactDatasource } from "../../secrets/index.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import { withHooks } from "../hooks.js";
import { allowedHooks } from "../consent.js";
import { projectPack } from "../project-pack.js";
import type { Out } from "../report.js";

export interface MigrateFlags extends GlobalFlags {
  datasource?: string;
  dir?: string;
  all?: boolean;
}

const actions = ["up", "down", "version", "goto", "force"] as const;

/** `codegen migrate up [N] | down N | down --all | version | goto <V> | force <V>`. */
export async function migrateCommand(
  action: string,
  arg: string | undefined,
  flags: MigrateFlags,
  out: Out,
  cwd = process.cwd(),
): Promise<void> {
  if (!(actions as readonly string[]).includes(action)) {
    throw new CodegenError(diag("USAGE", `unknown migrate action "${action}" (one of: ${actions.join(", ")})`), 2);
  }
  const loaded = await loadConfig({
    cwd,
    configFile: flags.config,
    flags: { ...configFlags(flags), "migrate.datasource": flags.datasource, "migrate.dir": flags.dir },
  });
  // The migration folder's default is a layout fact: the pack's.
  const { config, pack } = await projectPack(loaded);
  const { dir } = config.values.migrate;
  if (flags.all && (action !== "down" || arg !== undefined))
    throw new CodegenError(diag("USAGE", "--all goes with migrate down alone (no number)"), 2);
  if (action === "down" && arg === undefined && !flags.all) {
    throw new CodegenError(
      diag(
        "USAGE",
        "migrate down without a number would roll back every migration",
        undefined,
        "pass how many to roll back (migrate down 1), or --all to roll back every one",
      ),
      2,
    );
  }
  let datasource = config.values.migrate.datasource;
  const given = config.provenance.get("migrate.datasource");
  let confinedFrom =
    given === "file"
      ? ".codegen.yaml (migrate.datasource)"
      : given === "pack"
        ? "the pack (migrate.datasource)"
        : undefined;
  if (!datasource && pack.database) {
    const { projectDatasource } = await import("../../migrate/index.js");
    const found = config.inProject ? projectDatasource(config.root, pack.database) : null;
    if (found) {
      datasource = found.url;
      confinedFrom = found.from;
    }
  }
  // Whatever layer chose the database, the user sees which one is touched (never its password).
  if (datasource) out.info(`database ${redactDatasource(datasource)}, from ${datasourceFrom(given, confinedFrom)}`);
  if (!datasource) {
    const own = pack.database
      ? `, or give the project's ${pack.database.file} a ${pack.database.driver} and ${pack.database.datasource}`
      : "";
    throw new CodegenError(
      diag(
        "USAGE",
        "no database to migrate",
        undefined,
        `pass --datasource (mysql://, postgres://, sqlite:file.db), set migrate.datasource in .codegen.yaml or CODEGEN_MIGRATE_DATASOURCE${own}`,
      ),
      2,
    );
  }
  if (!dir) {
    throw new CodegenError(
      diag(
        "USAGE",
        "no migration folder",
        undefined,
        "pass --dir, set migrate.dir in .codegen.yaml or CODEGEN_MIGRATE_DIR (the project's pack gives no default)",
      ),
      2,
    );
  }
  const number = (what: string): number | undefined => {
    if (arg === undefined) return undefined;
    if (!/^\d+$/.test(arg)) throw new CodegenError(diag("USAGE", `${what} must be a whole number, got "${arg}"`), 2);
    return Number(arg);
  };
  const layer = config.provenance.get("migrate.dir");
  if (layer === "file" || layer === "pack")
    projectFolder(config.root, dir, layer === "file" ? ".codegen.yaml" : "the pack");
  const migrate = await import("../../migrate/index.js");
  const dirFrom = layer === "file" ? ".codegen.yaml" : layer === "pack" ? "the pack" : undefined;
  const options = {
    dir: resolve(config.root, dir),
    datasource,
    cwd: config.root,
    log: out.info,
    ...(confinedFrom ? { confinedFrom } : {}),
    ...(dirFrom ? { dirFrom } : {}),
    ...(pack.migrationsTable ? { table: pack.migrationsTable } : {}),
  };
  // The migration does not need the config file's hooks: they run only when allowed.
  await withHooks(allowedHooks(consentState(config, pack), config, out), config.root, "", async () => {
    if (action === "version") {
      out.info(migrate.formatVersion(await migrate.version(options)));
      return;
    }
    if ((action === "goto" || action === "force") && arg === undefined)
      throw new CodegenError(diag("USAGE", `migrate ${action} needs a version`), 2);
    const result =
      action === "up"
        ? await migrate.up(options, number("N"))
        : action === "down"
          ? await migrate.down(options, number("N"))
          : action === "goto"
            ? await migrate.goto(options, number("version")!)
            : null;
    if (action === "force") {
      out.info(migrate.formatVersion(await migrate.force(options, number("version")!)));
      return;
    }
    if (result)
      out.info(
        `version ${result.from ?? "none"} -> ${result.to ?? "none"} (${result.applied.length} ${result.applied.length === 1 ? "migration" : "migrations"})`,
      );
  });
}

/** Where the datasource came from, as the user would set it. */
function datasourceFrom(layer: string | undefined, fromFile: string | undefined): string {
  if (fromFile !== undefined) return fromFile;
  if (layer === "flag") return "--datasource";
  if (layer === "env") return envName("migrate.datasource");
  return "the configuration (migrate.datasource)";
}

/**
 * A migration folder named by a file (a cloned project's config, a pack) is data: it must lie
 * inside the project and be reached through real folders. One given by flag or environment is
 * the user's own choice.
 */
function projectFolder(root: string, dir: string, from: string): void {
  const why = outsideProject(root, dir);
  if (why !== null)
    throw new CodegenError(
      diag(
        "UNSAFE_PATH",
        `migrate.dir "${dir}" from ${from} ${why}`,
        undefined,
        "pass --dir to choose a folder outside the project",
      ),
    );
}
