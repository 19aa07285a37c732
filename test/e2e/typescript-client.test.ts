/**
 * The typed TypeScript client end to end: generate the api project of the golden case
 * client-typescript (client.typescript.output set), fill in its logic as a user would, compile
 * the client with a front end's code under every strict tsc flag, start the service and call
 * every route through the compiled client.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { codegenOk } from "../support/cli.js";
import { copyInto } from "../support/files.js";
import { checkGoProject, freePort, startService, type Service } from "../support/go.js";
import { signJwt } from "../support/jwt.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";
import { compileTypeScript } from "../support/typescript.js";

type Call = (client: unknown) => Promise<unknown>;
interface Consumer {
  client(baseUrl: string, token?: string): unknown;
  rejection(call: Promise<unknown>): Promise<{ status: number; body: unknown } | string>;
  calls: Record<string, Call>;
}

const test = suite("typescript client (generate, compile, call every route)");
const work = scratch("e2e-tsclient");
const dir = join(work, "notes");
let service: Service | undefined;
let consumer: Consumer;
let open: unknown;
/** A client with a token signed now (each call: a token never outlives the test that sends it). */
let authed: () => unknown;

test.before(async () => {
  cpSync(join(repoRoot, "test/golden/cases/client-typescript/input"), dir, { recursive: true });
  codegenOk(["gen"], dir);
  copyInto(join(fixtures, "e2e/notes-client/overlay"), dir);
  const out = compileTypeScript(join(dir, "web/src/api/index.ts"), join(fixtures, "e2e/notes-client/consumer.ts"));
  consumer = (await import(pathToFileURL(join(out, "consumer.js")).href)) as Consumer;
  const port = await freePort();
  const etc = readFileSync(join(dir, "etc/etc.yaml"), "utf8");
  writeFileSync(join(dir, "etc/test.yaml"), etc.replace("Port: 8001", `Port: ${port}`));
  checkGoProject(dir);
  service = await startService(dir, "etc/test.yaml", port, "/ping");
  const secret = /Auth:\n\s+AccessSecret: (\S+)/.exec(etc)![1]!;
  const url = service.url;
  open = consumer.client(url);
  authed = () => consumer.client(url + "/", signJwt({ uid: "u-7" }, secret));
});

test.after(async () => {
  await service?.stop();
  rmSync(work, { recursive: true, force: true });
});

const call = (name: string, client: unknown = open): Promise<unknown> => {
  const f = consumer.calls[name];
  if (!f) throw new Error(`no call ${name}`);
  return f(client);
};

test("a route without request or response resolves to undefined", async () => {
  assert.is(await call("ping"), undefined);
});

test("GET: path, query (a list as repeated keys), header; the response's nulls and base64 as Go writes them", async () => {
  assert.equal(await call("getNote"), {
    id: 5,
    title: 'rev 2, trace "t-1"',
    tags: ["a", "b c"],
    meta: { kind: "plain" },
    author: null,
    extra: { n: 1 },
    blob: "aGk=",
    stats: { views: 3, score: 1.5 },
  });
  const defaults = (await call("getNoteDefaults")) as Record<string, unknown>;
  assert.is(defaults["title"], 'rev 1, trace ""', "the default of rev, no header");
  assert.is(defaults["tags"], null, "a nil slice arrives as null, as its type says");
});

test("GET: optional and defaulted query fields", async () => {
  assert.equal(await call("listNotes"), { items: [], total: 10 });
  assert.equal(await call("listNotesPage"), { items: [], total: 2005 });
});

test("POST: a JSON body with a query field beside it", async () => {
  assert.equal(await call("createNote"), {
    id: 1,
    title: "groceries",
    tags: ["home"],
    author: { name: "ann" },
    extra: null,
    blob: null,
    stats: { views: 0, score: 0 },
  });
  assert.equal(
    ((await call("createNoteDryRun")) as Record<string, unknown>)["id"],
    0,
    "dry_run went in the query string",
  );
});

test("a validation failure rejects with an ApiError carrying status 400 and the JSON body", async () => {
  assert.equal(await consumer.rejection(call("createNoteShort")), {
    status: 400,
    body: { code: 400, message: 'field "title" failed validation "min=3"' },
  });
});

test("a pointer request is the whole JSON body", async () => {
  assert.is(await call("importNote"), "7:imported:x");
});

test("PUT: path and body (a quoted property name); DELETE without a response", async () => {
  assert.equal(await call("updateNote"), {
    id: 9,
    title: "renamed/blue",
    tags: null,
    author: null,
    extra: null,
    blob: null,
    stats: { views: 0, score: 0 },
  });
  assert.is(await call("deleteNote"), undefined);
  assert.equal(await consumer.rejection(call("deleteMissingNote")), {
    status: 404,
    body: { code: 404, message: "no such note" },
  });
});

test("GET sends no JSON body; an unbound path parameter is encoded into the path", async () => {
  assert.equal(await call("search"), {
    items: [
      {
        id: 0,
        title: "q=milk filter=",
        tags: null,
        author: null,
        extra: null,
        blob: null,
        stats: { views: 0, score: 0 },
      },
    ],
    total: 1,
  });
  assert.equal(await call("notesByTag"), { items: [], total: 42 });
});

test("a jwt group answers with the token and rejects with 401 without it", async () => {
  assert.is(await call("whoAmI", authed()), "u-7");
  assert.is(await call("adminPing", authed()), undefined);
  const refused = await consumer.rejection(call("whoAmI"));
  assert.is(typeof refused === "object" ? refused.status : refused, 401);
  const pingRefused = await consumer.rejection(call("adminPing"));
  assert.is(typeof pingRefused === "object" ? pingRefused.status : pingRefused, 401);
});

test("a route of a go_package file, with its own type of the same name", async () => {
  assert.equal(await call("createUser"), { handle: "@ann" });
});

test("every route of the descriptor was called", async () => {
  const index = readFileSync(join(dir, "web/src/api/index.ts"), "utf8");
  const methods = [...index.matchAll(/^ {4}async (\w+)\(/gm)].map((m) => m[1]!).sort();
  const called = Object.keys(consumer.calls)
    .filter((name) => methods.includes(name))
    .sort();
  assert.equal(called, methods);
  assert.is(methods.length, 12);
});

test.run();
