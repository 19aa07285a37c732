import { readProto } from "./dist/engine/descriptors/proto/index.js";
const root = process.argv[2]; const files = process.argv.slice(3);
try {
  const t0 = Date.now();
  const ir = await readProto(files, { root, onWarning: (w) => console.log("WARN", JSON.stringify(w)) });
  console.log(Date.now() - t0, "ms");
  console.log(JSON.stringify(ir, null, 1).slice(0, +(process.env.N ?? 3000)));
} catch (e) { console.log(e.diagnostics ? e.message : e.stack); }
