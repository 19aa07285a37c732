/**
 * Attack class: a credential sent in the clear. `GIGET_AUTH` is the user's token for their
 * private pack hosts; a cloned project's `pack: http://…` (or the user's own http mirror) must
 * not receive it, since anyone on the path reads a plain-http request. The fetch goes ahead
 * without the token; when it fails, the error says why the token was not sent.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { codegenBin, fixtures, scratch } from "../support/paths.js";
import { makeProject, smallApi } from "../support/project.js";

const test = suite("attacks: GIGET_AUTH never travels over plain http");

/** An http server on 127.0.0.1 serving a pack tarball (or 401 when `locked`), recording each request. */
async function packServer(locked = false): Promise<{
  url: string;
  requests: Array<{ method: string; headers: IncomingHttpHeaders }>;
  close: () => Promise<void>;
}> {
  const tarDir = scratch("attack-auth-tar");
  mkdirSync(join(tarDir, "mini-pack"));
  cpSync(join(fixtures, "packs/mini"), join(tarDir, "mini-pack"), { recursive: true });
  execFileSync("tar", ["-czf", "pack.tar.gz", "mini-pack"], { cwd: tarDir });
  const body = readFileSync(join(tarDir, "pack.tar.gz"));
  const requests: Array<{ method: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", headers: req.headers });
    if (locked && !req.headers.authorization) {
      res.writeHead(401);
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "application/gzip" });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/pack.tar.gz`;
  return { url, requests, close: () => new Promise((done) => server.close(() => done())) };
}

/** Caches of the test's own: codegen's, and giget's (which falls back to a tarball it kept under the same file name). */
function caches(): Record<string, string> {
  return { CODEGEN_CACHE_DIR: scratch("attack-auth-cache"), XDG_CACHE_HOME: scratch("attack-auth-xdg") };
}

function projectUsing(source: string): string {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    readFileSync(join(dir, ".codegen.yaml"), "utf8").replace(/^pack: .*$/m, `pack: "${source}"`),
  );
  return dir;
}

/** The CLI in a child process that does not block the server of this process. */
function codegenAsync(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [codegenBin, ...args], {
      cwd,
      env: { ...process.env, FORCE_COLOR: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

test("a pack over plain http is fetched without the user's GIGET_AUTH", async () => {
  const server = await packServer();
  try {
    const dir = projectUsing(server.url);
    const r = await codegenAsync(["gen"], dir, { GIGET_AUTH: "tok-s3cr3t", ...caches() });
    assert.ok(server.requests.length > 0, "the pack was fetched");
    for (const req of server.requests)
      assert.is(
        req.headers.authorization,
        undefined,
        `${req.method} carried Authorization: ${req.headers.authorization}`,
      );
    assert.not.ok(JSON.stringify(server.requests).includes("tok-s3cr3t"), "the token is in no header");
    assert.is(r.code, 0, r.stderr);
  } finally {
    await server.close();
  }
});

test("a plain-http server that wants a token is refused it, and the error says why", async () => {
  const server = await packServer(true);
  try {
    const dir = projectUsing(server.url);
    const r = await codegenAsync(["gen"], dir, { GIGET_AUTH: "tok-s3cr3t", ...caches() });
    for (const req of server.requests)
      assert.is(req.headers.authorization, undefined, `${req.method} carried Authorization`);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /PACK_FETCH cannot fetch template pack http:\/\/127\.0\.0\.1:\d+\/pack\.tar\.gz/);
    assert.match(
      r.stderr,
      /hint: GIGET_AUTH is sent only over https; http:\/\/127\.0\.0\.1:\d+\/pack\.tar\.gz is plain http, so it got no token/,
    );
    assert.not.match(r.stdout + r.stderr, /tok-s3cr3t/);
  } finally {
    await server.close();
  }
});

test("a hosted source moved to a plain-http server (GIGET_GITHUB_URL) gets no token either", async () => {
  const requests: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    requests.push(req.headers);
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  try {
    const api = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const dir = projectUsing("gh:someone/pack#main");
    const r = await codegenAsync(["gen"], dir, { GIGET_AUTH: "tok-s3cr3t", GIGET_GITHUB_URL: api, ...caches() });
    assert.ok(requests.length > 0, "the mirror was asked");
    for (const h of requests) assert.is(h.authorization, undefined, "Authorization sent to the http mirror");
    assert.is(r.code, 1, r.stdout + r.stderr);
  } finally {
    await new Promise((done) => server.close(done));
  }
});

test.run();
