/**
 * The Kubernetes manifests of every frame (go-zero api, rpc, gateway; goctl api, rpc) decoded
 * strictly by client-go's scheme (test/fixtures/kube-decode): an unknown field, a kind the scheme
 * does not know or an API version Kubernetes removed fails. No cluster is needed (kubectl's
 * --dry-run=client needs one). The ConfigMap holds the service's config file as gen wrote it.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { parse } from "yaml";
import { codegenOk } from "../support/cli.js";
import { run } from "../support/go.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";

const test = suite("kube manifests (strict client-go decoding)");
const work = scratch("e2e-kube");
const decoder = join(work, "kube-decode");

interface Made {
  dir: string;
  /** The config file the ConfigMap holds. */
  etc: string;
}
const projects: Record<string, Made> = {};

/** uvu prints nothing about an error thrown in a hook: each test throws it instead, so the reason shows. */
let setupFailed: unknown = null;

test.before(() => {
  try {
    make();
  } catch (e) {
    setupFailed = e;
  }
});

function make(): void {
  // Built with the shared module and build caches (client-go's packages compile once).
  run("go", ["build", "-o", decoder, "."], join(fixtures, "kube-decode"));
  const kube = ["--set", "deploy.kube.enabled=true"];
  codegenOk(
    ["new", "demo", "--yes", ...kube, "--set", "deploy.kube.namespace=shop", "--set", "deploy.kube.replicas=3"],
    work,
  );
  projects["go-zero api"] = { dir: join(work, "demo"), etc: "etc/etc.yaml" };
  codegenOk(["new", "greeter", "--yes", "--frame", "rpc", ...kube], work);
  projects["go-zero rpc"] = { dir: join(work, "greeter"), etc: "etc/etc.yaml" };
  for (const [name, from, etc] of [
    ["go-zero gateway", "deploy-gateway", "etc/etc.yaml"],
    ["goctl api", "goctl-deploy-api", "etc/user-api.yaml"],
    ["goctl rpc", "goctl-deploy-rpc", "etc/greet.yaml"],
  ] as const) {
    const dir = join(work, from);
    cpSync(join(repoRoot, "test/golden/cases", from, "input"), dir, { recursive: true });
    codegenOk(["gen", "--quiet"], dir);
    projects[name] = { dir, etc };
  }
}

test.after(() => rmSync(work, { recursive: true, force: true }));

function decode(files: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(decoder, files, { encoding: "utf8" });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

const manifests = (dir: string): string[] =>
  readdirSync(join(dir, "deploy/k8s"))
    .sort()
    .map((f) => join(dir, "deploy/k8s", f));

test("every frame's manifests decode strictly: ConfigMap, Deployment, autoscaling/v2 HPA, Service", () => {
  if (setupFailed) throw setupFailed;
  for (const [name, { dir }] of Object.entries(projects)) {
    const files = manifests(dir);
    assert.equal(
      files.map((f) => f.split("/").pop()),
      ["configmap.yaml", "deployment.yaml", "hpa.yaml", "service.yaml"],
      name,
    );
    const r = decode(files);
    assert.is(r.code, 0, `${name}: ${r.stderr}`);
    const kinds = r.stdout
      .trim()
      .split("\n")
      .map((l) => l.split(" ").slice(2, 4).join(" "));
    assert.equal(
      kinds,
      [
        "/v1, Kind=ConfigMap",
        "apps/v1, Kind=Deployment",
        "autoscaling/v2, Kind=HorizontalPodAutoscaler",
        "/v1, Kind=Service",
      ],
      name,
    );
  }
  // --set values reach the manifests (and the project's config file keeps them).
  const demo = projects["go-zero api"]!.dir;
  assert.match(decode(manifests(demo)).stdout, / shop\/demo\n/);
  assert.match(readFileSync(join(demo, "deploy/k8s/deployment.yaml"), "utf8"), /\n {2}replicas: 3\n/);
  assert.match(
    readFileSync(join(demo, ".codegen.yaml"), "utf8"),
    /deploy:\n {2}kube:\n {4}enabled: true\n {4}namespace: shop\n {4}replicas: 3\n/,
  );
});

test("probes dial the service's port: api and gateway HTTP 8001, rpc zrpc 8000, goctl 8888 and 8080", () => {
  if (setupFailed) throw setupFailed;
  const expected: Record<string, Array<[string, number]>> = {
    "go-zero api": [["http", 8001]],
    "go-zero rpc": [["grpc", 8000]],
    "go-zero gateway": [
      ["http", 8001],
      ["grpc", 8000],
    ],
    "goctl api": [["http", 8888]],
    "goctl rpc": [["grpc", 8080]],
  };
  for (const [name, { dir }] of Object.entries(projects)) {
    const deployment = parse(readFileSync(join(dir, "deploy/k8s/deployment.yaml"), "utf8"));
    const container = deployment.spec.template.spec.containers[0];
    assert.equal(
      container.ports.map((p: { name: string; containerPort: number }) => [p.name, p.containerPort]),
      expected[name],
      name,
    );
    assert.is(container.readinessProbe.tcpSocket.port, expected[name]![0]![0], name);
    assert.is(container.livenessProbe.tcpSocket.port, expected[name]![0]![0], name);
    assert.ok(container.resources.requests.cpu && container.resources.limits.memory, name);
  }
});

test("the ConfigMap holds the service's config file as gen wrote it (mounted over etc/)", () => {
  if (setupFailed) throw setupFailed;
  for (const [name, { dir, etc }] of Object.entries(projects)) {
    const map = parse(readFileSync(join(dir, "deploy/k8s/configmap.yaml"), "utf8"));
    const key = etc.replace(/^etc\//, "");
    const held = parse(map.data[key]);
    const own = parse(readFileSync(join(dir, etc), "utf8"));
    // JWT secrets are random per file; everything else is the same document.
    const withoutSecrets = (v: Record<string, unknown>): string =>
      JSON.stringify(v, (k, x) => (k === "AccessSecret" ? "<secret>" : x));
    assert.is(withoutSecrets(held), withoutSecrets(own), name);
  }
});

test("the decoder refuses a removed API version and an unknown field", () => {
  if (setupFailed) throw setupFailed;
  const v2beta2 = join(work, "v2beta2.yaml");
  writeFileSync(
    v2beta2,
    readFileSync(join(projects["go-zero api"]!.dir, "deploy/k8s/hpa.yaml"), "utf8").replace(
      "autoscaling/v2",
      "autoscaling/v2beta2",
    ),
  );
  const removed = decode([v2beta2]);
  assert.is(removed.code, 1);
  assert.match(removed.stderr, /no kind "HorizontalPodAutoscaler" is registered for version "autoscaling\/v2beta2"/);
  const typo = join(work, "typo.yaml");
  writeFileSync(
    typo,
    readFileSync(join(projects["go-zero api"]!.dir, "deploy/k8s/deployment.yaml"), "utf8").replace(
      "revisionHistoryLimit",
      "revisionHistoryLimits",
    ),
  );
  const unknown = decode([typo]);
  assert.is(unknown.code, 1);
  assert.match(unknown.stderr, /strict decoding error: unknown field "spec.revisionHistoryLimits"/);
});

test.run();
