/**
 * Server-sent events end to end: generate the api project of the golden case api-sse
 * (`@server(sse: true)` blocks), fill in its logic as a user would, start the service, read
 * events with `curl -N` and with the compiled TypeScript client, each bounded by a deadline.
 * The overlay also gives pkg/sse a Go test of the paths a service cannot easily show: a panic
 * of the logic, an error after the first event, a client that leaves while the logic sends.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { codegenOk } from "../support/cli.js";
import { copyInto } from "../support/files.js";
import { checkGoProject, freePort, run, startService, type Service } from "../support/go.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";
import { compileTypeScript } from "../support/typescript.js";

interface Tick {
  seq: number;
  topic: string;
}
interface Consumer {
  firstTicks(baseUrl: string, topic: string, n: number): Promise<Tick[]>;
  allWords(baseUrl: string): Promise<Array<string[] | null>>;
  followFailure(baseUrl: string): Promise<{ status: number; body: unknown } | string>;
  size(baseUrl: string): Promise<{ subscribers: number }>;
}

const test = suite("server-sent events (curl -N and the TypeScript client)");
const work = scratch("e2e-sse");
const dir = join(work, "ticker");
const DEADLINE_MS = 20_000;
let service: Service | undefined;
let consumer: Consumer;

test.before(async () => {
  cpSync(join(repoRoot, "test/golden/cases/api-sse/input"), dir, { recursive: true });
  codegenOk(["gen"], dir);
  copyInto(join(fixtures, "e2e/sse/overlay"), dir);
  const out = compileTypeScript(join(dir, "web/src/api/index.ts"), join(fixtures, "e2e/sse/consumer.ts"));
  consumer = (await import(pathToFileURL(join(out, "consumer.js")).href)) as Consumer;
  const port = await freePort();
  const etc = readFileSync(join(dir, "etc/etc.yaml"), "utf8");
  writeFileSync(join(dir, "etc/test.yaml"), etc.replace("Port: 8001", `Port: ${port}`));
  checkGoProject(dir);
  service = await startService(dir, "etc/test.yaml", port, "/ping");
});

test.after(async () => {
  await service?.stop();
  rmSync(work, { recursive: true, force: true });
});

interface CurlRead {
  /** Everything curl printed (with -i: the head, then the body). */
  text: string;
  /** Whether curl ended by itself (the stream was over) rather than being stopped. */
  ended: boolean;
}

/**
 * `curl -N -i` of a stream, stopped as soon as `enough` holds for what it printed, or when curl
 * ends by itself; rejects when neither happens within the deadline.
 */
function curlEvents(path: string, enough: (text: string) => boolean): Promise<CurlRead> {
  return new Promise((resolve, reject) => {
    const curl = spawn(
      "curl",
      [
        "-N",
        "-i",
        "-s",
        "-H",
        "Accept: text/event-stream",
        "--max-time",
        String(DEADLINE_MS / 1000),
        service!.url + path,
      ],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let text = "";
    let done = false;
    const finish = (result: CurlRead | Error): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (curl.exitCode === null) curl.kill("SIGTERM");
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const timer = setTimeout(
      () => finish(new Error(`curl ${path}: no complete answer within ${DEADLINE_MS} ms; it printed:\n${text}`)),
      DEADLINE_MS,
    );
    curl.stdout.setEncoding("utf8");
    curl.stdout.on("data", (chunk: string) => {
      text += chunk;
      if (enough(text)) finish({ text, ended: false });
    });
    curl.on("error", (e) => finish(e));
    curl.on("close", () => finish({ text, ended: true }));
  });
}

/** The body of an HTTP answer curl -i printed, and its head. */
function split(text: string): { head: string; body: string } {
  const at = text.indexOf("\r\n\r\n");
  return at < 0 ? { head: text, body: "" } : { head: text.slice(0, at), body: text.slice(at + 4) };
}

/** Every complete event's data in a text/event-stream body. */
function dataOf(body: string): string[] {
  return body
    .split("\n\n")
    .slice(0, -1)
    .map((event) =>
      event
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6))
        .join("\n"),
    );
}

/** Resolves once the service has printed `line` (looked for every 50 ms), or rejects at the deadline. */
async function logged(line: string): Promise<void> {
  const until = Date.now() + DEADLINE_MS;
  while (!service!.output().includes(line)) {
    if (Date.now() > until) throw new Error(`the service never logged ${JSON.stringify(line)}:\n${service!.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("curl -N reads three events of an open stream, each flushed when sent", async () => {
  const read = await curlEvents("/api/ticks/go?count=3", (text) => dataOf(split(text).body).length >= 3);
  assert.is(read.ended, false, "the logic keeps this stream open: the events arrived before it ended");
  const { head, body } = split(read.text);
  assert.match(head, /^HTTP\/1\.1 200 OK/);
  assert.match(head, /\r\nContent-Type: text\/event-stream\r\n/i);
  assert.equal(
    dataOf(body).map((d) => JSON.parse(d) as Tick),
    [
      { seq: 1, topic: "go" },
      { seq: 2, topic: "go" },
      { seq: 3, topic: "go" },
    ],
  );
  assert.is(body, 'data: {"seq":1,"topic":"go"}\n\ndata: {"seq":2,"topic":"go"}\n\ndata: {"seq":3,"topic":"go"}\n\n');
  await logged("ticks of go: the client went away");
});

test("curl -N reads a stream that ends by itself: three events, then the end of the answer", async () => {
  const read = await curlEvents("/api/words", () => false);
  assert.is(read.ended, true);
  assert.is(split(read.text).body, 'data: ["a"]\n\ndata: ["b","c"]\n\ndata: ["multi\\nline"]\n\n');
});

test("the TypeScript client iterates three events and leaving the loop closes the stream", async () => {
  assert.equal(await consumer.firstTicks(service!.url, "ts", 3), [
    { seq: 1, topic: "ts" },
    { seq: 2, topic: "ts" },
    { seq: 3, topic: "ts" },
  ]);
  await logged("ticks of ts: the client went away");
});

test("the TypeScript client's iteration ends with a stream that ends", async () => {
  assert.equal(await consumer.allWords(service!.url), [["a"], ["b", "c"], ["multi\nline"]]);
});

test("an error before the first event is the answer: the iteration rejects with its status", async () => {
  assert.equal(await consumer.followFailure(service!.url), {
    status: 400,
    body: { code: 400, message: "the feed is closed" },
  });
});

test("a plain route of a compact group beside a streaming one answers JSON", async () => {
  assert.equal(await consumer.size(service!.url), { subscribers: 2 });
});

test("pkg/sse: a panic before the first event is a 500, a later error ends the stream, a client that leaves never blocks the logic", () => {
  assert.match(run("go", ["test", "-count=1", "./pkg/sse/"], dir), /^ok\s+example\.com\/ticker\/pkg\/sse/m);
});

test.run();
