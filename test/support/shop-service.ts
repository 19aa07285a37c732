/**
 * The e2e shop project (test/fixtures/e2e/shop), generated, built and started on a free port:
 * for tests that only need the running service (the attack cases on the generated service).
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "./cli.js";
import { copyInto } from "./files.js";
import { freePort, run, startService, type Service } from "./go.js";
import { fixtures, scratch } from "./paths.js";

export interface Shop {
  service: Service;
  /** The AccessSecret of the Auth section (the jwt block's key). */
  secret: string;
  get(path: string, init?: RequestInit): Promise<{ status: number; text: string }>;
  stop(): Promise<void>;
}

export async function startShop(prefix: string): Promise<Shop> {
  const work = scratch(prefix);
  const dir = join(work, "shop");
  codegenOk(["new", "shop", "--frame", "api", "--module", "example.com/shop"], work);
  rmSync(join(dir, "desc/api"), { recursive: true });
  rmSync(join(dir, "internal/logic/hellologic.go"));
  copyInto(join(fixtures, "e2e/shop/desc"), join(dir, "desc"));
  codegenOk(["gen"], dir);
  copyInto(join(fixtures, "e2e/shop/overlay"), dir);
  const port = await freePort();
  const etc = readFileSync(join(dir, "etc/etc.yaml"), "utf8").replace("Port: 8001", `Port: ${port}`);
  writeFileSync(join(dir, "etc/test.yaml"), etc);
  const secret = /Auth:\n\s+AccessSecret: (\S+)/.exec(etc)?.[1];
  if (!secret) throw new Error("no Auth.AccessSecret in etc/etc.yaml");
  run("go", ["mod", "tidy"], dir);
  const service = await startService(dir, "etc/test.yaml", port);
  return {
    service,
    secret,
    async get(path, init) {
      const r = await fetch(service.url + path, init);
      return { status: r.status, text: await r.text() };
    },
    async stop() {
      await service.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
