import { readProto } from "./dist/engine/descriptors/proto/index.js";
import fs from "fs";
const root = "/work/scratch/ref-rpc/tools/node_modules/google-proto-files";
const files = fs.readFileSync("/tmp/gpfall.txt", "utf8").trim().split("\n").filter(f => f.startsWith(root + "/google/")).map(f => f.slice(root.length + 1));
const pick = files.filter((_, i) => true);
let ok = 0, fail = 0; const codes = {};
for (const f of pick) {
  try { await readProto([f], { root, protoRoot: ".", download: false }); ok++; }
  catch (e) { if (!e.diagnostics) { console.log("CRASH", f, e.stack); fail++; continue; } fail++; for (const d of e.diagnostics) { codes[d.code] = (codes[d.code] ?? 0) + 1; if ((codes[d.code]) <= 4) console.log(d.code, d.span?.file + ":" + d.span?.line + ":" + d.span?.column, d.message); } }
}
console.log({ total: pick.length, ok, fail, codes });
