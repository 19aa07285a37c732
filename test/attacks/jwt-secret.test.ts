/**
 * Attack class: a signing key everyone knows. The go-zero pack wrote
 * `AccessSecret: change-me-<project>-<jwt>-secret` into etc/etc.yaml, and the generated service
 * started with it and accepted tokens signed with it: anyone who read the pack (or guessed the
 * project's name) could sign tokens. Now each jwt section gets its own random secret when its
 * key is added (per project, per jwt name, never from a cache), and the service refuses to start
 * when a secret is empty, shorter than 32 bytes or a sample value.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { freePort, run, serviceBinary, startService } from "../support/go.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: no shared JWT secret, none too weak to start with");
// Real random values: test/run.js seeds them for the tests that compare two gens' trees.
const random = { CODEGEN_TEST_SECRET_SEED: "" };

const api = `syntax = "v1"

type Who {
	Uid string \`json:"uid"\`
}

@server (
	prefix: /api/v1
	jwt:    Auth
)
service shop {
	@handler whoAmI
	get /whoami returns (Who)
}

@server (
	prefix: /api/v1/admin
	jwt:    Admin
)
service shop {
	@handler adminWho
	get /who returns (Who)
}

@server (
	prefix:        /api/v1/rotating
	jwtTransition: Rotate
)
service shop {
	@handler rotatingWho
	get /who returns (Who)
}
`;

/** `codegen new shop` in a folder of its own, with the api above in place of the sample. */
function project(cache: string): string {
  const work = scratch("attack-jwt-secret");
  codegenOk(["new", "shop", "--frame", "api", "--module", "example.com/shop"], work, {
    CODEGEN_CACHE_DIR: cache,
    ...random,
  });
  const dir = join(work, "shop");
  rmSync(join(dir, "desc/api"), { recursive: true });
  rmSync(join(dir, "internal/logic"), { recursive: true });
  mkdirSync(join(dir, "desc/api"));
  writeFileSync(join(dir, "desc/api/shop.api"), api);
  codegenOk(["gen"], dir, { CODEGEN_CACHE_DIR: cache, ...random });
  return dir;
}

/** The secrets of etc/etc.yaml by key (`Auth.AccessSecret`), as written (comments left out). */
function secrets(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  let section = "";
  for (const line of readFileSync(join(dir, "etc/etc.yaml"), "utf8").split("\n")) {
    const top = /^(\w+):\s*$/.exec(line);
    if (top) section = top[1]!;
    const key = /^\s+(AccessSecret|Secret|PrevSecret):\s*("[^"]*"|\S+)/.exec(line);
    if (key) out[`${section}.${key[1]}`] = key[2]!.replace(/^"(.*)"$/, "$1");
  }
  return out;
}

function files(dir: string): Array<[string, string]> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map(
      (e) =>
        [join(e.parentPath, e.name), readFileSync(join(e.parentPath, e.name)).toString("latin1")] as [string, string],
    );
}

let first = "";

test("each project and each jwt name gets its own random secret of 32 bytes or more, kept by later gens", () => {
  // One cache for both projects: same name, module and descriptors, so every cache key is the same.
  const cache = scratch("attack-jwt-secret-cache");
  first = project(cache);
  const second = project(cache);
  const a = secrets(first);
  const b = secrets(second);
  assert.equal(Object.keys(a).sort(), [
    "Admin.AccessSecret",
    "Auth.AccessSecret",
    "Rotate.PrevSecret",
    "Rotate.Secret",
  ]);
  const values = [
    a["Auth.AccessSecret"],
    a["Admin.AccessSecret"],
    a["Rotate.Secret"],
    b["Auth.AccessSecret"],
    b["Admin.AccessSecret"],
    b["Rotate.Secret"],
  ] as string[];
  for (const v of values) {
    assert.not.match(v, /change-me|secret/i, `a sample secret: ${v}`);
    assert.ok(Buffer.byteLength(v) >= 32, `${v} is shorter than 32 bytes`);
  }
  assert.is(new Set(values).size, values.length, `a secret is shared: ${values.join(" ")}`);
  assert.is(a["Rotate.PrevSecret"], "", "no previous key before a rotation");
  // Later gens keep the values (a merge adds missing keys only); the cache holds none of them.
  const etc = readFileSync(join(first, "etc/etc.yaml"));
  codegenOk(["gen", "--force"], first, { CODEGEN_CACHE_DIR: cache, ...random });
  assert.equal(readFileSync(join(first, "etc/etc.yaml")), etc);
  for (const [file, text] of files(cache))
    for (const v of values) assert.not.ok(text.includes(v), `${file} holds a secret`);
});

test("the service refuses to start with an empty, short or sample secret, and says which and why", async () => {
  assert.ok(first, "the first test made the project");
  run("go", ["mod", "tidy"], first);
  const bin = serviceBinary(first);
  const etc = readFileSync(join(first, "etc/etc.yaml"), "utf8");
  const good = secrets(first);
  const refused: Array<[string, string, RegExp]> = [
    [
      "Auth.AccessSecret",
      "",
      /config etc\/bad\.yaml: Auth\.AccessSecret is empty: set it to a random value of at least 32 bytes/,
    ],
    [
      "Auth.AccessSecret",
      "short-but-not-empty",
      /Auth\.AccessSecret is 19 bytes: a JWT secret must be at least 32 bytes/,
    ],
    [
      "Admin.AccessSecret",
      "change-me-shop-admin-secret",
      /Admin\.AccessSecret is a sample value, which anyone can read/,
    ],
    ["Auth.AccessSecret", "change-me-a-project-with-a-long-name-auth-secret", /Auth\.AccessSecret is a sample value/],
    ["Rotate.Secret", "", /Rotate\.Secret is empty/],
    ["Rotate.PrevSecret", "too-short", /Rotate\.PrevSecret is 9 bytes/],
  ];
  for (const [key, value, message] of refused) {
    const field = key.split(".")[1]!;
    const section = key.split(".")[0]!;
    const old = good[key] ?? "";
    const line = new RegExp(`(${section}:\\n(?:  .*\\n)*?  ${field}: )${old ? old.replace(/[-]/g, "\\-") : '""'}`);
    assert.match(etc, line, `${key} in etc.yaml`);
    writeFileSync(join(first, "etc/bad.yaml"), etc.replace(line, `$1"${value}"`));
    const r = spawnSync(bin, ["server", "-f", "etc/bad.yaml", "--port", String(await freePort())], {
      cwd: first,
      encoding: "utf8",
      timeout: 15_000,
    });
    assert.is(r.status, 1, `${key}: "${value}" started the service (signal ${r.signal}):\n${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message);
  }
  const port = await freePort();
  writeFileSync(join(first, "etc/test.yaml"), etc.replace("Port: 8001", `Port: ${port}`));
  const service = await startService(first, "etc/test.yaml", port, "/swagger");
  await service.stop();
});

test.run();
