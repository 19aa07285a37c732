/**
 * npm's `prepare` step: builds dist/ (`npm run build`'s steps, less the clean-up). It runs after
 * `npm ci` / `npm install` in a checkout, which install the build's tools (devDependencies), and
 * for `npm pack`. `npm install -g .` in a fresh clone also runs it, but installs no
 * devDependencies: then they are installed here first, into the checkout (which the global
 * install links to), without touching package-lock.json.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const tools = ["typescript", "esbuild"];

function run(command, args, env = process.env) {
  const r = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(
      `codegen build: ${[command, ...args].join(" ")} failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`})`,
    );
    process.exit(1);
  }
}

if (!tools.every((t) => existsSync(join(root, "node_modules", t, "package.json")))) {
  // The outer npm's settings reach this one through the environment: a global install's would
  // make this install global too, or leave the tools out again.
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^npm_config_(global|location|prefix|local_prefix|omit|include|production|only|dev|save.*|dry_run|package_lock.*|install_links|workspaces?|ignore_scripts)$/i.test(
        key,
      )
    )
      delete env[key];
  }
  console.error("codegen build: installing the build's tools (devDependencies) into this checkout");
  // The npm that runs this script, else the one on the PATH.
  const npm = process.env["npm_execpath"];
  const args = ["install", "--include=dev", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund"];
  if (npm?.endsWith(".js")) run(process.execPath, [npm, ...args], env);
  else run(process.platform === "win32" ? "npm.cmd" : "npm", args, env);
}

const node = (file) => run(process.execPath, [file]);
run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"]);
node("scripts/bundle.mjs");
node("scripts/help-texts.mjs");
node("dist/engine/precompile.js");
