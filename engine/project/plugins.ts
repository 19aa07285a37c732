/**
 * Plugins: projects of their own in `<host>/<dir>/<name>/` (each with its own `.codegen.yaml`)
 * that a host project loads. The host lists the loaded ones under `serverless.plugins`; the
 * engine reads each one's config so packs can wire them in (the IR's `project.plugins`).
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { isPlainRelative, LinkRefused, PathPolicy, readNoFollow } from "../fs/index.js";
import { parseYaml } from "../schema/index.js";
import { CONFIG_FILE } from "./config-file.js";

/** The folder a pack keeps plugins in when its pack.yaml does not say. */
export const DEFAULT_PLUGINS_DIR = "plugins";

/** A plugin name is one folder name: a letter, then letters, digits, "-" and "_" (as `new` allows). */
const PLUGIN_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

export interface PluginInfo {
  name: string;
  /** Folder relative to the host root (`plugins/pay`). */
  dir: string;
  module: string;
  frame: string;
  mono: boolean;
}

/** Names of every plugin folder under `<root>/<dir>` (those holding a config file), sorted. */
export function discoverPlugins(root: string, dir: string): string[] {
  checkPluginsPath(root, dir);
  const base = join(root, dir);
  if (!existsSync(base)) return [];
  return readdirSync(base, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith(".") && existsSync(join(base, e.name, CONFIG_FILE)))
    .map((e) => e.name)
    .sort();
}

/** The config of each named plugin; a name without a plugin folder is an error naming those that exist. */
export async function readPlugins(root: string, dir: string, names: string[]): Promise<PluginInfo[]> {
  const out: PluginInfo[] = [];
  for (const name of names) {
    // Checked before any path is built: a name from the config never leads outside the plugins folder.
    if (!PLUGIN_NAME.test(name)) {
      throw new CodegenError(
        diag(
          "CONFIG_INVALID",
          `serverless.plugins holds "${name}", which is not a plugin name (a letter, then letters, digits, "-" and "_"); nothing was read`,
        ),
        2,
      );
    }
    checkPluginsPath(root, `${dir}/${name}/${CONFIG_FILE}`);
    const file = join(root, dir, name, CONFIG_FILE);
    const bytes = readPluginConfig(file, `${dir}/${name}/${CONFIG_FILE}`);
    if (bytes === null) {
      const known = discoverPlugins(root, dir);
      throw new CodegenError(
        diag(
          "PLUGIN_NOT_FOUND",
          `plugin "${name}" is listed in serverless.plugins but ${dir}/${name}/${CONFIG_FILE} does not exist (plugins here: ${known.join(", ") || "none"})`,
          undefined,
          "run codegen serverless build to list the plugins that exist",
        ),
        1,
      );
    }
    const doc = parseYaml(bytes.toString("utf8"), `${dir}/${name}/${CONFIG_FILE}`, "CONFIG_INVALID");
    const v = (doc.value ?? {}) as {
      name?: unknown;
      module?: unknown;
      frame?: unknown;
      serverless?: { mono?: unknown };
    };
    out.push({
      name,
      dir: `${dir}/${name}`,
      module: typeof v.module === "string" ? v.module : typeof v.name === "string" ? v.name : name,
      frame: typeof v.frame === "string" ? v.frame : "",
      mono: v.serverless?.mono === true,
    });
  }
  return out;
}

/**
 * A plugins folder (the pack's `plugins.dir`, then `<name>/`, then its config) is a plain path
 * inside the host, reached through real folders only: a cloned host's `plugins/pay -> ~/work`
 * would otherwise have codegen read that config and run the pack's plugin commands there.
 */
function checkPluginsPath(root: string, rel: string): void {
  if (!isPlainRelative(rel))
    throw new CodegenError(
      diag(
        "UNSAFE_PATH",
        `the plugins folder ${JSON.stringify(rel)} is not a relative path inside the project; nothing was read`,
      ),
      1,
    );
  const link = new PathPolicy(root).linkIn(rel);
  if (link?.kind === "symlink") {
    throw new CodegenError(
      diag(
        "UNSAFE_PATH",
        `${link.at} is a symbolic link; codegen never reads, writes or runs plugin commands in a plugin folder through a link; nothing was changed`,
        undefined,
        `replace ${link.at} with a real folder, or move it out of the way`,
      ),
      1,
    );
  }
}

function readPluginConfig(file: string, shown: string): Buffer | null {
  try {
    return readNoFollow(file)?.bytes ?? null;
  } catch (e) {
    if (e instanceof LinkRefused)
      throw new CodegenError(diag("UNSAFE_PATH", `${shown} is a symbolic link; nothing was read`), 1);
    throw e;
  }
}
