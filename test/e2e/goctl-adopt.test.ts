/**
 * `codegen adopt` on a goctl monorepo (test/support/goctl-monorepo.ts): goctl 1.8.5 makes an
 * api, an rpc and a model package under one go.mod and the team edits them; then, service by
 * service, adopt --dry-run, adopt, gen and gen --check. After every step the whole module
 * builds and vets, and every file goctl did not mark as generated keeps its exact bytes (only
 * the managed files and codegen's own .codegen.yaml and .codegen/ may differ). The api, which
 * imports the rpc's client package and the model, answers the same requests the same way
 * before and after.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { codegen, type CliResult } from "../support/cli.js";
import { freePort } from "../support/go.js";
import {
  API,
  buildAndVet,
  GENERATED,
  GOCTL_MARKER,
  goctlProblem,
  makeMonorepo,
  MODEL,
  MODULE,
  RPC,
  sh,
  startGoctlService,
  treeFiles,
  type GoctlService,
} from "../support/goctl-monorepo.js";
import { signJwt } from "../support/jwt.js";
import { scratch } from "../support/paths.js";

const test = suite("codegen adopt on a goctl monorepo");
const root = scratch("goctl-adopt");
const bins = scratch("goctl-adopt-bin");
const SECRET = "a-test-secret-of-32-bytes-length";

/** The tree as the team has it: before adoption, then with the test's own edits (a new route). */
let baseline = new Map<string, Buffer>();
/** Service folders adopted so far. */
const adopted: string[] = [];
let answersBefore: Record<string, Answer> | undefined;

const sha = (b: Buffer): string => createHash("sha256").update(b).digest("hex");
const hashes = (files: Map<string, Buffer>): Record<string, string> =>
  Object.fromEntries([...files].map(([p, b]) => [p, sha(b)]));
const isDescriptor = (p: string): boolean => /\.(api|proto|sql)$/.test(p);
const output = (r: CliResult): string => r.stdout + r.stderr;

function ok(r: CliResult, what: string): CliResult {
  if (r.code !== 0) assert.unreachable(`${what} exited ${r.code}:\n${output(r)}`);
  return r;
}

/** The first lines where two versions of a file part (a few lines of each). */
function firstDiff(before: Buffer, after: Buffer): string {
  const a = before.toString("utf8").split("\n");
  const b = after.toString("utf8").split("\n");
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const show = (lines: string[], mark: string): string =>
    lines
      .slice(i, i + 4)
      .map((l) => `    ${mark} ${l}`)
      .join("\n");
  return `    line ${i + 1}:\n${show(a, "-")}\n${show(b, "+")}`;
}

/** Root-relative paths of the managed files the adopted services' ledgers list. */
function managedPaths(): Set<string> {
  const out = new Set<string>();
  for (const dir of adopted) {
    for (const e of ledger(dir)) if (e.mode === "managed") out.add(`${dir}/${e.path}`);
  }
  return out;
}

interface LedgerFile {
  path: string;
  mode: string;
  sha256: string;
}

function ledger(dir: string): LedgerFile[] {
  const path = join(root, dir, ".codegen/ledger.json");
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as { files: LedgerFile[] }).files : [];
}

const isCodegenState = (p: string): boolean =>
  adopted.some((d) => p === `${d}/.codegen.yaml` || p.startsWith(`${d}/.codegen/`));

/**
 * Every file of the baseline keeps its bytes but the managed ones; nothing appears but the
 * managed files, codegen's state and `expectedNew`.
 */
function assertKept(step: string, expectedNew: string[] = []): void {
  const managed = managedPaths();
  const now = treeFiles(root);
  const problems: string[] = [];
  for (const [path, bytes] of baseline) {
    const current = now.get(path);
    if (managed.has(path)) {
      if (!current) problems.push(`  ${path}: managed, and missing`);
    } else if (!current) {
      problems.push(`  ${path}: vanished`);
    } else if (!current.equals(bytes)) {
      problems.push(
        `  ${path}: the team's file changed (sha256 ${sha(bytes).slice(0, 12)} -> ${sha(current).slice(0, 12)})\n${firstDiff(bytes, current)}`,
      );
    }
  }
  for (const path of now.keys()) {
    if (!baseline.has(path) && !managed.has(path) && !isCodegenState(path) && !expectedNew.includes(path))
      problems.push(`  ${path}: appeared`);
  }
  for (const path of expectedNew) if (!now.has(path)) problems.push(`  ${path}: expected, missing`);
  if (problems.length)
    assert.unreachable(`after ${step}, files that are not codegen's changed:\n${problems.join("\n")}`);
}

/** The bytes go build and go vet read: every .go file, go.mod and go.sum. */
const goInputs = (): string =>
  sha(
    Buffer.from(
      JSON.stringify(
        [...treeFiles(root)].filter(([p]) => /(\.go|^go\.mod|^go\.sum)$/.test(p)).map(([p, b]) => [p, sha(b)]),
      ),
    ),
  );
/** The Go inputs of the last build that passed (a step that changed none of them needs no build). */
let builtInputs = "";

/** Build and vet the whole module; a failure names the step and shows the compiler's output. */
function assertBuilds(step: string): void {
  const inputs = goInputs();
  if (inputs === builtInputs) return;
  try {
    buildAndVet(root);
    builtInputs = inputs;
  } catch (e) {
    assert.unreachable(
      `after ${step}, go build ./... && go vet ./... at the module root failed:\n${(e as Error).message}`,
    );
  }
}

/** The sections of adopt's report: title (before any parenthesis) -> paths. */
function adoptReport(text: string): { header: string; sections: Record<string, string[]> } {
  const sections: Record<string, string[]> = {};
  let current: string[] | undefined;
  let header = "";
  for (const line of text.split("\n")) {
    if (/^(would adopt|adopting) /.test(line)) header = line;
    const title = /^(\S[^:]*?)(?: \([^)]*\))?: \d+$/.exec(line);
    if (title) sections[title[1]!] = current = [];
    else if (line.startsWith("  ") && current) current.push(line.trim().split("  (")[0]!);
    else current = undefined;
  }
  return { header, sections };
}

/** What adopt should find in a service: goctl's (and protoc's) marked files managed, every other file yours. */
function expectedClassification(dir: string): { managed: string[]; yours: string[] } {
  const managed: string[] = [];
  const yours: string[] = [];
  for (const [path, bytes] of baseline) {
    if (!path.startsWith(`${dir}/`)) continue;
    const rel = path.slice(dir.length + 1);
    if (isDescriptor(rel)) continue;
    (GENERATED.test(bytes.subarray(0, 4096).toString("utf8")) ? managed : yours).push(rel);
  }
  return { managed: managed.sort(), yours: yours.sort() };
}

/** The one file the team left as typed (see goctl-monorepo.ts): gen's gofmt step must not reach it. */
const UNFORMATTED = [`${API}/internal/svc/serviceContext.go`];
const unformatted = (): string[] => sh("gofmt", ["-l", "."], root).split("\n").filter(Boolean).sort();

const ready = (): void => {
  if (baseline.size === 0) assert.unreachable("the monorepo was not made (see the first failure)");
};

/** dry-run, adopt, a second adopt, gen, gen --check in one service folder, with the checks after each. */
function adoptService(dir: string, frame: string): void {
  ready();
  const cwd = join(root, dir);
  const name = `${frame} (${dir})`;
  const { managed, yours } = expectedClassification(dir);

  const untouched = hashes(treeFiles(root));
  const dry = ok(codegen(["adopt", "--dry-run"], cwd), `${name}: codegen adopt --dry-run`);
  assert.equal(hashes(treeFiles(root)), untouched, `${name}: adopt --dry-run wrote nothing`);
  const report = adoptReport(output(dry));
  assert.match(
    report.header,
    new RegExp(
      `^would adopt \\. .*\\bgoctl\\b.*\\b${frame}\\b.*\\(style goZero, (?:[^)]*, )?module ${MODULE}/${dir}\\)$`,
    ),
    output(dry),
  );
  assert.match(output(dry), /^wrote nothing \(dry run\)$/m);
  assert.equal(
    report.sections,
    { managed, yours },
    `${name}: the dry run's sections (managed: goctl's marked files; yours: the rest; nothing else):\n${output(dry)}`,
  );

  const adopt = ok(codegen(["adopt"], cwd), `${name}: codegen adopt`);
  adopted.push(dir);
  assert.equal(adoptReport(output(adopt)).sections, { managed, yours }, output(adopt));
  const config = parseYaml(readFileSync(join(cwd, ".codegen.yaml"), "utf8")) as Record<string, unknown>;
  assert.is(config["pack"], "goctl", ".codegen.yaml pack");
  assert.is(config["frame"], frame, ".codegen.yaml frame");
  assert.is(config["style"], "goZero", ".codegen.yaml style");
  assert.type(config["name"], "string", ".codegen.yaml name");
  const listed = ledger(dir);
  assert.equal(
    listed.map((e) => `${e.mode} ${e.path}`).sort(),
    managed.map((p) => `managed ${p}`),
    `${name}: the ledger lists the managed files only`,
  );
  for (const e of listed)
    assert.is(
      e.sha256,
      sha(baseline.get(`${dir}/${e.path}`)!),
      `${name}: the ledger's sha256 of ${e.path} is its bytes' now`,
    );
  assertKept(`${name}: adopt`);

  const again = codegen(["adopt"], cwd);
  assert.is(again.code, 1, `${name}: a second adopt fails:\n${output(again)}`);
  assert.match(output(again), /ADOPT_EXISTS/);
  assertKept(`${name}: the second adopt`);
  assertBuilds(`${name}: adopt`);

  ok(codegen(["gen"], cwd), `${name}: codegen gen`);
  assertKept(`${name}: gen`);
  const goctlLeft = managed.filter((p) => readFileSync(join(cwd, p), "utf8").includes(GOCTL_MARKER));
  assert.equal(goctlLeft, [], `${name}: gen rewrote every file goctl generated`);
  assertBuilds(`${name}: gen`);
  assert.equal(unformatted(), UNFORMATTED, `${name}: gofmt -l after gen lists only the file the team left unformatted`);
  const check = codegen(["gen", "--check"], cwd);
  assert.is(check.code, 0, `${name}: gen --check right after gen:\n${output(check)}`);
  assertKept(`${name}: gen --check`);
}

interface Answer {
  status: number;
  header: string | null;
  body: unknown;
}

/** The same requests to the api, public and behind JWT (the rpc answers the JWT one); `extra`: more requests. */
async function answers(extra: Record<string, { path: string; body: string }> = {}): Promise<Record<string, Answer>> {
  const apiPort = await freePort();
  const rpcPort = await freePort();
  sh("go", ["build", "-o", join(bins, "usercenter-api"), `./${API}`], root);
  sh("go", ["build", "-o", join(bins, "usercenter-rpc"), `./${RPC}`], root);
  // Outside the monorepo: the tree's bytes are the test's subject. CpuThreshold 0: a busy test
  // machine must not shed load (503). No DataSource: the rpc answers without a database.
  writeFileSync(
    join(bins, "rpc.yaml"),
    `Name: usercenter.rpc\nListenOn: 127.0.0.1:${rpcPort}\nCpuThreshold: 0\nLog:\n  Level: error\nJwtAuth:\n  AccessSecret: ${SECRET}\n  AccessExpire: 3600\n`,
  );
  writeFileSync(
    join(bins, "api.yaml"),
    `Name: usercenter\nHost: 127.0.0.1\nPort: ${apiPort}\nCpuThreshold: 0\nLog:\n  Level: error\nJwtAuth:\n  AccessSecret: ${SECRET}\n  AccessExpire: 3600\nUsercenterRpcConf:\n  Endpoints:\n    - 127.0.0.1:${rpcPort}\n  NonBlock: true\nAppConf:\n  MinVersion: 2.3.0\n  Notice: upgrade before Friday\n`,
  );
  const services: GoctlService[] = [];
  try {
    services.push(
      await startGoctlService(join(bins, "usercenter-rpc"), join(root, RPC), join(bins, "rpc.yaml"), rpcPort),
    );
    services.push(
      await startGoctlService(join(bins, "usercenter-api"), join(root, API), join(bins, "api.yaml"), apiPort),
    );
    const url = `http://127.0.0.1:${apiPort}/usercenter/v1`;
    const ask = async (path: string, init: RequestInit = {}): Promise<Answer> => {
      const r = await fetch(url + path, init);
      const text = await r.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      return { status: r.status, header: r.headers.get("x-usercenter"), body };
    };
    const post = (path: string, body: string, token?: string): Promise<Answer> =>
      ask(path, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });
    const more: Record<string, Answer> = {};
    for (const [name, r] of Object.entries(extra))
      more[name] = await post(r.path, r.body, signJwt({ jwtUserId: 7 }, SECRET));
    return {
      ...more,
      "GET /app/config (public)": await ask("/app/config"),
      "POST /user/login without a password (public)": await post(
        "/user/login",
        JSON.stringify({ mobile: "13800000000", password: "" }),
      ),
      "POST /user/login without the mobile field (public)": await post(
        "/user/login",
        JSON.stringify({ password: "x" }),
      ),
      "POST /user/detail without a token": await post("/user/detail", "{}"),
      "POST /user/detail with a token of another secret": await post(
        "/user/detail",
        "{}",
        signJwt({ jwtUserId: 7 }, "not-the-secret-not-the-secret!!"),
      ),
      "POST /user/detail with a token": await post("/user/detail", "{}", signJwt({ jwtUserId: 7 }, SECRET)),
    };
  } finally {
    for (const s of services.reverse()) await s.stop();
  }
}

test.after(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(bins, { recursive: true, force: true });
});

test("goctl makes the monorepo; with the team's edits it builds and vets before any adoption", () => {
  const problem = goctlProblem();
  if (problem) assert.unreachable(problem);
  makeMonorepo(root);
  assertBuilds("goctl and the team's edits");
  baseline = treeFiles(root);
  assert.equal(unformatted(), UNFORMATTED, "gofmt -l before adoption");
  // goctl marked what it rewrites on every run, and nothing the team owns.
  const marked = [...baseline]
    .filter(([, b]) => b.subarray(0, 200).toString("utf8").includes(GOCTL_MARKER))
    .map(([p]) => p);
  assert.equal(
    marked,
    [
      `${API}/internal/handler/routes.go`,
      `${API}/internal/types/types.go`,
      `${RPC}/internal/server/usercenterServer.go`,
      `${RPC}/usercenter/usercenter.go`,
      `${MODEL}/userAuthModel_gen.go`,
      `${MODEL}/userModel_gen.go`,
    ].sort(),
  );
});

test("the services answer before adoption: public routes, JWT routes with and without a token", async () => {
  ready();
  answersBefore = await answers();
  const a = answersBefore;
  assert.equal(a["GET /app/config (public)"], {
    status: 200,
    header: null,
    body: { code: 200, msg: "OK", data: { minVersion: "2.3.0", notice: "upgrade before Friday" } },
  });
  assert.equal(a["POST /user/login without a password (public)"], {
    status: 400,
    header: null,
    body: { code: 100003, msg: "mobile and password are required" },
  });
  const parseError = a["POST /user/login without the mobile field (public)"]!;
  assert.is(parseError.status, 400);
  assert.is((parseError.body as { code: number }).code, 100002, JSON.stringify(parseError));
  assert.is(a["POST /user/detail without a token"]!.status, 401);
  assert.is(a["POST /user/detail with a token of another secret"]!.status, 401);
  assert.equal(a["POST /user/detail with a token"], {
    status: 200,
    header: "v1",
    body: {
      code: 200,
      msg: "OK",
      data: { userInfo: { id: 7, mobile: "", nickname: "guest-7", sex: 0, avatar: "", info: "" } },
    },
  });
});

test("adopt in app/usercenter (no service of its own) is ADOPT_NOT_A_PROJECT and writes nothing", () => {
  ready();
  const r = codegen(["adopt"], join(root, "app/usercenter"));
  assert.is(r.code, 1, output(r));
  assert.match(output(r), /ADOPT_NOT_A_PROJECT/);
  assert.equal(hashes(treeFiles(root)), hashes(baseline), "nothing written");
});

test("api: adopt --dry-run, adopt, gen and gen --check keep every file of the team's", () => {
  adoptService(API, "api");
});

test("api: routes.go and types.go deleted come back at gen, the same bytes", () => {
  ready();
  const generated = [`${API}/internal/handler/routes.go`, `${API}/internal/types/types.go`];
  const before = generated.map((p) => readFileSync(join(root, p)));
  for (const p of generated) rmSync(join(root, p));
  ok(codegen(["gen"], join(root, API)), "codegen gen after deleting routes.go and types.go");
  generated.forEach((p, i) =>
    assert.ok(
      existsSync(join(root, p)) && readFileSync(join(root, p)).equals(before[i]!),
      `${p} is back as gen wrote it`,
    ),
  );
  assertKept("gen after deleting routes.go and types.go");
  assertBuilds("gen after deleting routes.go and types.go");
});

test("api: a new route in an existing group: gen creates its handler and logic (goZero names) and rewrites routes.go and types.go only", () => {
  ready();
  const api = `${API}/desc/usercenter.api`;
  const types = `${API}/desc/user/user.api`;
  const edit = (path: string, from: string, to: string): void => {
    const text = readFileSync(join(root, path), "utf8");
    assert.ok(text.includes(from), `${path} holds ${JSON.stringify(from)}`);
    writeFileSync(join(root, path), text.replace(from, to));
    baseline.set(path, readFileSync(join(root, path)));
  };
  edit(
    api,
    "\t@handler wxMiniAuth\n\tpost /user/wxMiniAuth (WXMiniAuthReq) returns (WXMiniAuthResp)\n",
    '\t@handler wxMiniAuth\n\tpost /user/wxMiniAuth (WXMiniAuthReq) returns (WXMiniAuthResp)\n\n\t@doc "change the nickname"\n\t@handler updateNickname\n\tpost /user/nickname (UpdateNicknameReq) returns (UpdateNicknameResp)\n',
  );
  edit(
    types,
    "type AppConfigResp {",
    'type (\n\tUpdateNicknameReq {\n\t\tNickname string `json:"nickname"`\n\t}\n\tUpdateNicknameResp {\n\t\tNickname string `json:"nickname"`\n\t}\n)\n\ntype AppConfigResp {',
  );
  const before = treeFiles(root);
  ok(codegen(["gen"], join(root, API)), "codegen gen after adding a route");
  const after = treeFiles(root);
  const changed = [...new Set([...before.keys(), ...after.keys()])]
    .filter((p) => !isCodegenState(p) && !before.get(p)?.equals(after.get(p) ?? Buffer.alloc(0)))
    .sort();
  const handler = `${API}/internal/handler/user/updateNicknameHandler.go`;
  const logic = `${API}/internal/logic/user/updateNicknameLogic.go`;
  assert.equal(
    changed,
    [handler, `${API}/internal/handler/routes.go`, logic, `${API}/internal/types/types.go`].sort(),
    "gen created the handler and the logic, rewrote routes.go and types.go, and nothing else",
  );
  assertKept("gen after adding a route", [handler, logic]);
  assert.equal(unformatted(), UNFORMATTED, "gofmt -l after the new route's gen");
  assert.match(
    after.get(handler)!.toString(),
    /^package user$[\s\S]*^func UpdateNicknameHandler\(svcCtx \*svc\.ServiceContext\) http\.HandlerFunc \{$/m,
  );
  assert.match(
    after.get(logic)!.toString(),
    /^package user$[\s\S]*^func NewUpdateNicknameLogic\(ctx context\.Context, svcCtx \*svc\.ServiceContext\) \*UpdateNicknameLogic \{$[\s\S]*^func \(l \*UpdateNicknameLogic\) UpdateNickname\(req \*types\.UpdateNicknameReq\) \(resp \*types\.UpdateNicknameResp, err error\) \{$/m,
  );
  assert.match(after.get(`${API}/internal/handler/routes.go`)!.toString(), /user\.UpdateNicknameHandler\(serverCtx\)/);
  // From now on the two new files are the team's, as goctl's handlers and logic are.
  baseline.set(handler, after.get(handler)!);
  baseline.set(logic, after.get(logic)!);
  assertBuilds("gen after adding a route");
  const check = codegen(["gen", "--check"], join(root, API));
  assert.is(check.code, 0, `gen --check after the new route's gen:\n${output(check)}`);
});

test("rpc: adopt --dry-run, adopt, gen and gen --check keep every file of the team's; the api still builds against the client package", () => {
  adoptService(RPC, "rpc");
});

test("model: adopt --dry-run, adopt, gen and gen --check keep every file of the team's; its custom queries still build", () => {
  adoptService(MODEL, "model");
});

test("the adopted services answer as before adoption", async () => {
  ready();
  if (!answersBefore) assert.unreachable("no answers before adoption to compare with (see the earlier failure)");
  const added = "POST /user/nickname (the route added after adoption) with a token";
  const { [added]: nickname, ...after } = await answers({
    [added]: { path: "/user/nickname", body: JSON.stringify({ nickname: "ann" }) },
  });
  assert.equal(after, answersBefore);
  // Its handler and logic are gen's (the logic a stub): it answers, behind the group's JWT and middleware.
  assert.is(nickname?.status, 200, JSON.stringify(nickname));
  assert.is(nickname?.header, "v1", "the group's middleware runs on the added route");
  assertKept("running the services");
});

test.run();
