import { scanProto } from "./dist/engine/descriptors/proto/outline.js";
import pb from "protobufjs";
import fs from "fs";
const files = fs.readFileSync(process.argv[2], "utf8").trim().split("\n");
let bad = 0, checked = 0, pbfail = 0;
for (const f of files) {
  const src = fs.readFileSync(f, "utf8");
  let root; try { root = new pb.Root(); pb.parse(src, root, { keepCase: true }); } catch (e) { pbfail++; continue; }
  const o = scanProto(src);
  const names = new Set(o.decls.map(d => d.fullName));
  const walk = (ns) => { for (const obj of ns.nestedArray) {
    const name = obj.fullName.slice(1);
    if (obj instanceof pb.Type || obj instanceof pb.Enum || obj instanceof pb.Service) { checked++; if (!names.has(name)) { bad++; if (bad < 10) console.log("missing", f, name); } }
    if (obj instanceof pb.Type) for (const fl of obj.fieldsArray) { if (fl.name.startsWith(".")) continue; checked++; if (!names.has(fl.fullName.slice(1))) { bad++; if (bad<10) console.log("missing field", f, fl.fullName); } }
    if (obj instanceof pb.Service) for (const m of obj.methodsArray) { checked++; if (!names.has(m.fullName.slice(1))) { bad++; if (bad<10) console.log("missing rpc", f, m.fullName); } }
    if (obj.nestedArray) walk(obj);
  } };
  walk(root);
}
console.log({ files: files.length, checked, bad, pbfail });
