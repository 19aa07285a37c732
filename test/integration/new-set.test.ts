/** `codegen new --set key=value`: any config key of the engine or the pack, typed by its schema, kept in the new .codegen.yaml. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { scratch } from "../support/paths.js";

const test = suite("new --set");
const work = scratch("new-set");

test.after(() => rmSync(work, { recursive: true, force: true }));

test("pack keys set on new are typed, generate their files and stay in the config file", () => {
  codegenOk(
    [
      "new",
      "shop",
      "--yes",
      "--set",
      "deploy.docker=true",
      "--set",
      "deploy.kube.enabled=true",
      "--set",
      "deploy.kube.replicas=4",
      "--set",
      "style=go_zero",
    ],
    work,
  );
  const dir = join(work, "shop");
  const config = readFileSync(join(dir, ".codegen.yaml"), "utf8");
  assert.match(
    config,
    /\nframe: api\ndeploy:\n {2}docker: true\n {2}kube:\n {4}enabled: true\n {4}replicas: 4\nstyle: go_zero\n$/,
  );
  for (const f of ["Dockerfile", ".dockerignore", "deploy/k8s/deployment.yaml", "internal/logic/ping_logic.go"])
    assert.ok(existsSync(join(dir, f)), f);
  assert.match(readFileSync(join(dir, "deploy/k8s/deployment.yaml"), "utf8"), /\n {2}replicas: 4\n/);
  const shown = codegenOk(["config"], dir).stdout;
  assert.match(shown, /deploy\.kube\.replicas = 4 {2}\(file;/);
  assert.match(codegenOk(["gen"], dir).stdout, /wrote 0 files/);
});

test("an unknown key, a value of the wrong type or one the schema refuses, or a bad form is a usage error, and nothing is written", () => {
  const unknown = codegen(["new", "a", "--yes", "--set", "deploy.dokcer=true"], work);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, /--set deploy\.dokcer: no such config key/);
  const typed = codegen(["new", "b", "--yes", "--set", "deploy.kube.replicas=many"], work);
  assert.is(typed.code, 2);
  assert.match(typed.stderr, /--set deploy\.kube\.replicas must be a whole number, got "many"/);
  const refused = codegen(["new", "e", "--yes", "--set", "deploy.kube.namespace=Bad_NS", "--set", "style=camel"], work);
  assert.is(refused.code, 2);
  assert.match(refused.stderr, /--set deploy\.kube\.namespace must be a Kubernetes namespace name/);
  assert.match(refused.stderr, /--set style must be one of gozero, go_zero, goZero/);
  const form = codegen(["new", "c", "--yes", "--set", "deploy.docker"], work);
  assert.is(form.code, 2);
  assert.match(form.stderr, /--set "deploy\.docker" is not key=value/);
  const own = codegen(["new", "d", "--yes", "--set", "frame=rpc"], work);
  assert.is(own.code, 2);
  assert.match(own.stderr, /--set frame: give it with --frame/);
  for (const n of ["a", "b", "c", "d", "e"]) assert.not.ok(existsSync(join(work, n)), n);
});

test.run();
