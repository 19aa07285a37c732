/**
 * The typed TypeScript client of a gateway project end to end: generate the project of the golden
 * case client-typescript-gateway, fill in its logic, compile the client with a front end's code
 * under every strict tsc flag, start the zrpc service and its gateway, and call every route of
 * the google.api.http rules through the compiled client.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { codegenOk } from "../support/cli.js";
import { copyInto } from "../support/files.js";
import { checkGoProject, freePort, startService, type Service } from "../support/go.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";
import { compileTypeScript } from "../support/typescript.js";

interface Consumer {
  client(baseUrl: string): unknown;
  rejection(call: Promise<unknown>): Promise<{ status: number; body: unknown } | string>;
  calls: Record<string, (client: unknown) => Promise<unknown>>;
}

const test = suite("typescript client of a gateway (generate, compile, call every route)");
const work = scratch("e2e-tsclient-gateway");
const dir = join(work, "library");
let service: Service | undefined;
let consumer: Consumer;
let client: unknown;

test.before(async () => {
  cpSync(join(repoRoot, "test/golden/cases/client-typescript-gateway/input"), dir, { recursive: true });
  codegenOk(["gen", "--quiet"], dir);
  copyInto(join(fixtures, "e2e/library-client/overlay"), dir);
  const out = compileTypeScript(join(dir, "web/api/index.ts"), join(fixtures, "e2e/library-client/consumer.ts"));
  consumer = (await import(pathToFileURL(join(out, "consumer.js")).href)) as Consumer;
  const rpcPort = await freePort();
  const httpPort = await freePort();
  writeFileSync(
    join(dir, "etc/test.yaml"),
    readFileSync(join(dir, "etc/etc.yaml"), "utf8")
      // Load shedding off: a busy test machine must not turn answers into 503 (service overloaded).
      .replace("ListenOn: 0.0.0.0:8000", `ListenOn: 127.0.0.1:${rpcPort}\n  CpuThreshold: 0`)
      .replace("- 127.0.0.1:8000", `- 127.0.0.1:${rpcPort}`)
      .replace("Port: 8001", `Port: ${httpPort}\n  CpuThreshold: 0`),
  );
  checkGoProject(dir);
  // Ready once a route answers through the zrpc upstream: /swagger answers before the gateway has
  // connected, and the first call would then meet a 503 and grpc's reconnect backoff.
  service = await startService(dir, "etc/test.yaml", httpPort, "/v1/books");
  client = consumer.client(service.url);
});

test.after(async () => {
  await service?.stop();
  rmSync(work, { recursive: true, force: true });
});

const call = (name: string): Promise<unknown> => {
  const f = consumer.calls[name];
  if (!f) throw new Error(`no call ${name}`);
  return f(client);
};

test("GET with a path variable: the answer as the gateway writes it (defaults, 64-bit strings, enum names, null)", async () => {
  assert.equal(await call("getBook"), {
    id: "b 7",
    title: "Dune",
    authors: [],
    genre: "GENRE_FICTION",
    pages: 0,
    publishedAt: null,
    labels: { shelf: "top" },
    copies: "12345678901234567",
    room: "north",
    cover: "aGk=",
    author: { name: "Frank" },
  });
});

test("GET with query parameters: an enum, a number and a string", async () => {
  assert.is(await call("listBooks"), "GENRE_FICTION/3/p2");
});

test("POST with a field body; a gRPC error rejects with its HTTP status and the JSON body", async () => {
  const created = (await call("createBook")) as Record<string, unknown>;
  assert.is(created["id"], "b1");
  assert.is(created["title"], "Emma");
  assert.equal(created["authors"], ["Austen"]);
  assert.is(created["copies"], "9007199254740993", "a 64-bit integer beyond 2^53 stays exact");
  assert.equal(await consumer.rejection(call("createUntitledBook")), {
    status: 400,
    body: { code: 3, status: "InvalidArgument", message: "book.title: value is required" },
  });
  assert.equal(await consumer.rejection(call("getMissingBook")), {
    status: 404,
    body: { code: 5, status: "NotFound", message: "no such book" },
  });
});

test("PATCH with a nested path variable and a field body", async () => {
  assert.is(await call("updateBook"), "b1:Emma!");
});

test("DELETE answering Empty; POST with body * beside a path variable", async () => {
  assert.equal(await call("deleteBook"), {});
  assert.equal(await call("lendBook"), { id: "l1", bookId: "b1", memberId: "m2", dueAt: "2026-12-01T00:00:00Z" });
});

test("every route of the http rules was called", () => {
  const index = readFileSync(join(dir, "web/api/index.ts"), "utf8");
  const methods = [...index.matchAll(/^ {4}async (\w+)\(/gm)].map((m) => m[1]!).sort();
  assert.equal(methods, ["createBook", "deleteBook", "getBook", "lendBook", "listBooks", "updateBook"]);
  assert.equal(
    Object.keys(consumer.calls)
      .filter((name) => methods.includes(name))
      .sort(),
    methods,
  );
});

test.run();
