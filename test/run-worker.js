// One of test/run.js's workers: runs the test files it is sent (IPC messages { file, name, env }),
// one at a time, each as uvu would run it alone: the file's suites are queued while it is
// imported and run when it has been. After each file it prints END_OF_FILE on stdout (the same
// stream as uvu's output, so the runner splits the output there). A worker
// serves many files: node and the engine's modules load once per worker, not once per file.
import { pathToFileURL } from "node:url";

// The same line as test/run.js's END_OF_FILE.
const END_OF_FILE = "\u0000end of test file\u0000";

// uvu queues a suite's tests instead of running them at once when UVU_DEFER is set before it
// loads (as its own CLI does).
globalThis.UVU_DEFER = 1;
const { exec } = await import("uvu");

process.on("message", async ({ file, name, env }) => {
  Object.assign(process.env, env);
  globalThis.UVU_QUEUE.length = 0;
  globalThis.UVU_QUEUE.push([name]);
  globalThis.UVU_INDEX = 0;
  await import(pathToFileURL(file).href);
  await exec(false);
  process.exitCode = 0;
  process.stdout.write(`\n${END_OF_FILE}\n`);
});
// The runner disconnects when it has no more files: exit (running the exit handlers that remove
// scratch folders) even if a test left a timer or a socket behind.
process.on("disconnect", () => process.exit(0));
process.send("ready");
