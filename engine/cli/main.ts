/**
 * Command-line entry. Only cac is imported eagerly; each command loads its code when it runs,
 * so `codegen --help` stays fast.
 */
import { cac } from "cac";
import { stdio, type Out } from "./report.js";
import { codegenVersion } from "../cache/index.js";
import { CodegenError, diag } from "../diagnostics/index.js";

const version = codegenVersion();

export async function main(argv: string[], out: Out = stdio): Promise<number> {
  // bin/codegen.js first tries to answer a plain gen from what the last one recorded (replay.ts).
  const plainGen = argv.length === 1 && argv[0] === "gen";
  const cli = cac("codegen");
  /** Set by a command that decides its own exit code (gen --watch). */
  let exitCode = 0;
  cli
    .option("--config <file>", "Config file (default: the nearest .codegen.yaml in this folder or a parent)")
    .option("--pack <source>", "Template pack: built-in name, folder, or git source (gh:owner/repo/path#ref)")
    .option("--trust", "Allow this run to execute the project's hooks and the commands of a pack that is not built in")
    .option("--offline", "Use fetched template packs from the cache only; never touch the network")
    .option("--verbose", "Print every file, step and skipped statement")
    .option("--quiet", "No progress lines while slow steps run");

  cli
    .command("new [name]", "Create a new project (runs gen in it); asks for what is missing on a terminal")
    .option("--frame <frame>", "Project frame: one the pack declares (default: the pack's)", { default: undefined })
    .option("--module <module>", "Module path of the generated project (default: the name)")
    .option("--output <dir>", "Folder to create (default: ./<name>)")
    .option("--yes", "Never ask; use flags and defaults")
    .option("--serverless", "Create a plugin in the host project here: <plugins dir>/<name>, a project of its own")
    .option("--mono", "With --serverless: the plugin shares the host's module (no module of its own)")
    .option(
      "--set <key=value>",
      "Set a config key of the new project, kept in its .codegen.yaml (repeatable): --set deploy.docker=true",
    )
    .example("codegen new demo --frame api --module example.com/demo")
    .example("codegen new pay --serverless   (in a host project)")
    .example("codegen new demo --set deploy.docker=true --set deploy.kube.enabled=true")
    .action(async (name: string | undefined, flags) =>
      (await import("./commands/new.js")).newCommand(name, flags, out),
    );

  cli
    .command("gen", "Generate code from the descriptors the pack's inputs name")
    .option("--desc <file>", "Only write files planned from this descriptor (repeatable)")
    .option(
      "--git-change [ref]",
      "Only descriptors changed in git against HEAD (or <ref>): modified, staged, untracked; deleted ones lose their files",
    )
    .option("--dry-run", "Plan and render, print what would change, write nothing")
    .option("--diff", "Like --dry-run, and print a unified diff of every change")
    .option(
      "--check",
      "Write nothing, run no hooks; exit 1 listing generated files that are missing, stale or edited (for CI)",
    )
    .option("--force", "Overwrite files at managed paths even when they lack the generated-code marker")
    .option("--yes", "Never ask to allow the project's commands: refuse instead")
    .option("--watch", "Stay running: gen again whenever a descriptor, the config or a plugin changes (Ctrl-C stops)")
    .option(
      "--api <file>",
      "Without a project file: generate from this .api file (repeatable; also --proto, --sql) into --dir",
    )
    .option("--proto <file>", "Without a project file: generate from this .proto file into --dir")
    .option("--sql <file>", "Without a project file: generate models from this SQL file into --dir")
    .option("--dir <dir>", "With --api, --proto or --sql: the output folder (default: here); its ledger is kept there")
    .example("codegen gen --desc path/to/user.api --diff")
    .example("codegen gen --watch")
    .example("codegen gen --pack <pack> --api user.api --dir out   (one-shot, without a project file)")
    .example("codegen gen --check   (in CI: fails when the generated code is out of date)")
    .action(async (flags) => {
      if (!flags.watch) {
        exitCode = await (await import("./commands/gen.js")).genCommand({ ...flags, replayable: plainGen }, out);
        return;
      }
      const partial = ["dryRun", "diff", "check", "desc", "gitChange", "api", "proto", "sql", "dir"].filter(
        (f) => flags[f] !== undefined && flags[f] !== false,
      );
      if (partial.length > 0)
        throw new CodegenError(
          diag(
            "USAGE",
            `--watch runs whole gens that write; it does not combine with ${partial.map((f) => "--" + f.replace(/([A-Z])/g, "-$1").toLowerCase()).join(", ")}`,
          ),
          2,
        );
      exitCode = await (await import("./commands/watch.js")).watchGen(flags, out, process.cwd());
    });

  cli
    .command(
      "adopt",
      "Take over, in place, the project in this folder that another tool made in a pack's layout: writes .codegen.yaml and a ledger of its generated files",
    )
    .option("--dry-run", "Print how each file would be classified; write nothing")
    .option("--frame <frame>", "Only consider this frame of the pack")
    .example("codegen adopt --dry-run   (in the service's folder)")
    .action(async (flags) => {
      exitCode = await (await import("./commands/adopt.js")).adoptCommand(flags, out);
    });

  cli
    .command(
      "format [...paths]",
      "Rewrite .api files in the canonical layout (default: every .api file the pack reads)",
    )
    .option("--check", "Write nothing; list the files that would change, exit 1 if any")
    .example("codegen format --check")
    .action(async (paths: string[], flags) => {
      exitCode = await (await import("./commands/format.js")).formatCommand(paths, flags, out);
    });

  cli
    .command("check", "Check that the tools the pack's steps need are installed")
    .option("--frame <frame>", "Only tools this frame needs")
    .action(async (flags) => (await import("./commands/check.js")).checkCommand(flags, out));

  cli
    .command(
      "migrate <action> [arg]",
      "Apply database migrations: up [N], down N | --all, version, goto <V>, force <V>",
    )
    .option(
      "--datasource <url>",
      "Database: mysql://user:pass@host:3306/db, postgres://user@host:5432/db, sqlite:file.db",
    )
    .option("--dir <dir>", "Migration folder (default: migrate.dir of the config or the pack)")
    .option("--all", "down: roll back every migration (down without a number refuses otherwise)")
    .example("codegen migrate up --datasource sqlite:data/app.db")
    .action(async (action: string, arg: string | undefined, flags) =>
      (await import("./commands/migrate.js")).migrateCommand(action, arg, flags, out),
    );

  cli
    .command(
      "template <action> [dir]",
      "Template packs: init (--output, --full), list, lint [dir], test [dir] (--update), update",
    )
    .option("--output <dir>", "init: folder to create (default: ./codegen-pack)")
    .option("--full", "init: copy the whole built-in pack instead of extending it")
    .option("--update", "test: rewrite the views' expected outputs (review the diff)")
    .example("codegen template init --output team-pack")
    .action(async (action: string, dir: string | undefined, flags) =>
      (await import("./commands/template.js")).templateCommand(action, dir, flags, out),
    );

  cli
    .command("skills <action>", "Write skill definitions for AI coding assistants about this project: init")
    .option(
      "--output <dir>",
      "Folder to write (default: <project name> in the skills folder the pack names, pack.yaml skills.folder)",
    )
    .action(async (action: string, flags) => (await import("./commands/skills.js")).skillsCommand(action, flags, out));

  cli
    .command(
      "serverless <action>",
      "Plugins of this host project: build (load every plugin), delete (unload all, or --plugin <name>)",
    )
    .option("--plugin <name>", "delete: only this plugin (repeatable)")
    .example("codegen serverless build")
    .example("codegen serverless delete --plugin pay")
    .action(async (action: string, flags) =>
      (await import("./commands/serverless.js")).serverlessCommand(action, flags, out),
    );

  cli
    .command("recover", "Finish the write of a gen that was killed midway (any command does this first), or undo it")
    .option("--rollback", "Restore the files the interrupted gen had replaced instead")
    .action(async (flags) => (await import("./commands/recover.js")).recoverCommand(flags, out));

  cli
    .command(
      "trust",
      "List the commands this project may run (config file hooks, a non-built-in pack's commands) and allow that exact set",
    )
    .option("--list", "Show every project allowed on this machine and its commands")
    .option("--revoke", "Take back the consent given to this project")
    .example("codegen trust")
    .action(async (flags) => (await import("./commands/trust.js")).trustCommand(flags, out));

  cli
    .command("config", "Print the resolved configuration and where each value comes from")
    .option(
      "--schema",
      "Print the JSON Schema of .codegen.yaml for this project's pack (the engine's keys and the pack's), for editors",
    )
    .action(async (flags) => (await import("./commands/config.js")).configCommand(flags, out));

  cli
    .command("completion <shell>", "Print a completion script for bash, zsh or fish: commands, options and frames")
    .example("source <(codegen completion bash)   (in ~/.bashrc)")
    .action(async (shell: string, flags) =>
      (await import("./commands/completion.js")).completionCommand(shell, cli, flags, out),
    );

  cli.help();
  cli.version(version);

  try {
    cli.parse(["node", "codegen", ...argv], { run: false });
    // cac dispatches an unknown command as an event and exits 0; treat it as the usage error it is.
    if (!cli.matchedCommand && cli.args.length > 0) {
      const known = cli.commands.map((c) => c.name).filter((n) => n !== "");
      out.error(
        `codegen: ${(await import("./unknown-option.js")).unknownCommandMessage(String(cli.args[0]), known)}; run codegen --help for the list`,
      );
      return 2;
    }
    if (!cli.matchedCommand) {
      if (!cli.options["help"] && !cli.options["version"]) cli.outputHelp();
      return 0;
    }
    if (cli.options["help"]) return 0;
    await cli.runMatchedCommand();
    return exitCode;
  } catch (e) {
    if (e instanceof Error && e.name === "CACError") {
      const command = cli.matchedCommand ?? cli.commands.find((c) => c.name === argv[0]?.split(" ")[0]);
      const known = [...cli.globalCommand.options, ...(command?.options ?? [])]
        .flatMap((o) => o.names)
        .map((n) => n.replace(/([A-Z])/g, "-$1").toLowerCase());
      const typed = (await import("./unknown-option.js")).unknownOptionMessage(e.message, argv, [...new Set(known)]);
      if (typed) {
        out.error(`codegen: ${typed}; run codegen ${command?.name ? `${command.name} ` : ""}--help for the options`);
        return 2;
      }
    }
    return (await import("./errors.js")).reportError(e, out, Boolean(cli.options["verbose"]));
  }
}
