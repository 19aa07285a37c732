// The `secret` filter's placeholders and the values the writer fills in (engine/secrets/placeholders.ts).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { fillSecrets, holdsSecret, secretPlaceholder } from "../../engine/secrets/index.js";

const test = suite("secret placeholders");

test("the filter takes a number of bytes from 16 to 1024", () => {
  assert.is(secretPlaceholder(32), "__codegen_secret_32__");
  assert.is(secretPlaceholder("64"), "__codegen_secret_64__");
  for (const bad of [0, 15, 1025, 32.5, "x", null, -32])
    assert.throws(() => secretPlaceholder(bad), /whole number from 16 to 1024/);
});

test("each placeholder gets fresh random bytes, base64url", () => {
  const text = Buffer.from(`a: ${secretPlaceholder(32)}\nb: ${secretPlaceholder(48)}\n`);
  assert.ok(holdsSecret(text));
  const one = fillSecrets(text, "etc/x.yaml", {}).toString();
  const two = fillSecrets(text, "etc/x.yaml", {}).toString();
  const [a, b] = [...one.matchAll(/: (\S+)/g)].map((m) => m[1]!);
  assert.match(a!, /^[A-Za-z0-9_-]{43}$/);
  assert.match(b!, /^[A-Za-z0-9_-]{64}$/);
  assert.is.not(a, b);
  assert.is.not(one, two, "another write, other values");
  assert.not.ok(holdsSecret(Buffer.from(one)));
});

test("a seed (tests only) makes the values repeatable, per path and position", () => {
  const text = Buffer.from(`${secretPlaceholder(32)} ${secretPlaceholder(32)}`);
  const seeded = fillSecrets(text, "etc/x.yaml", { seed: "golden" }).toString();
  assert.is(fillSecrets(text, "etc/x.yaml", { seed: "golden" }).toString(), seeded);
  const [a, b] = seeded.split(" ");
  assert.is.not(a, b);
  assert.is.not(fillSecrets(text, "etc/y.yaml", { seed: "golden" }).toString(), seeded);
});

test("the file's other bytes stay as they are; text out of the filter's bounds is left alone", () => {
  const bytes = Buffer.concat([
    Buffer.from([0xff, 0xfe, 0x80]),
    Buffer.from(` ${secretPlaceholder(16)} __codegen_secret_99999__ __codegen_secret_8__`),
  ]);
  const filled = fillSecrets(bytes, "f", { seed: "s" });
  assert.equal([...filled.subarray(0, 3)], [0xff, 0xfe, 0x80]);
  assert.match(filled.toString("latin1"), /^...\s[A-Za-z0-9_-]{22} __codegen_secret_99999__ __codegen_secret_8__$/);
  const none = Buffer.from("nothing here");
  assert.is(fillSecrets(none, "f"), none);
});

test.run();
