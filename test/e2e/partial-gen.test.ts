/**
 * Partial runs never break the build by themselves: `--desc a.api` after editing a.api and
 * b.api, and `--git-change` after edits, deletions and new files, leave a project that builds.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { checkGoProject } from "../support/go.js";
import { scratch } from "../support/paths.js";

const test = suite("partial gen keeps the project buildable");
const work = scratch("partial");
test.after(() => rmSync(work, { recursive: true, force: true }));

const api = (group: string, handlers: string[]): string => `syntax = "v1"

type ${group}Resp {
\tName string \`json:"name"\`
}

@server (
\tgroup: ${group}
)
service partial {
${handlers.map((h) => `\t@handler ${h}\n\tget /${group}/${h} returns (${group}Resp)\n`).join("\n")}}
`;

test("--desc a.api after editing a.api and b.api, then --git-change, both build", () => {
  codegenOk(["new", "partial"], work);
  const dir = join(work, "partial");
  rmSync(join(dir, "desc/api/partial.api"));
  writeFileSync(join(dir, "desc/api/a.api"), api("alpha", ["one"]));
  writeFileSync(join(dir, "desc/api/b.api"), api("beta", ["two"]));
  codegenOk(["gen"], dir);
  writeFileSync(join(dir, "desc/api/a.api"), api("alpha", ["one", "three"]));
  writeFileSync(join(dir, "desc/api/b.api"), api("beta", ["two", "four"]));
  const out = codegenOk(["gen", "--desc", "desc/api/a.api"], dir).stdout;
  assert.match(out, /also generating desc\/api\/b\.api/);
  checkGoProject(dir);

  execFileSync("git", ["init", "-q"], { cwd: dir });
  execFileSync("git", ["add", "."], { cwd: dir });
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "start"], { cwd: dir });
  rmSync(join(dir, "desc/api/b.api"));
  mkdirSync(join(dir, "desc/api/more"), { recursive: true });
  writeFileSync(join(dir, "desc/api/more/c.api"), api("gamma", ["five"]));
  writeFileSync(join(dir, "desc/api/a.api"), api("alpha", ["one"]));
  codegenOk(["gen", "--git-change"], dir);
  checkGoProject(dir);
});

test.run();
