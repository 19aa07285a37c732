import { scanProto } from "./dist/engine/descriptors/proto/outline.js";
import fs from "fs";
for (const f of process.argv.slice(2)) { try { const o = scanProto(fs.readFileSync(f, "utf8")); console.log("ok", f.split("/").slice(-2).join("/"), o.decls.length, o.options.length, o.fileOptions.find(x=>x.parts[0].name==="go_package")?.value.value); } catch (e) { console.log("FAIL", f, e.message, JSON.stringify(e.pos)); } }
