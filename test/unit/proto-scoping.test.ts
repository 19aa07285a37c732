/**
 * Type names in a .proto resolve as protoc resolves them (engine/descriptors/proto/scoping.ts):
 * scope by scope outwards, never in the namespaces below a scope.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import protobuf from "protobufjs";
import { resolveName } from "../../engine/descriptors/proto/scoping.js";

const root = protobuf.parse(
  `syntax = "proto3";
package a.b;
message Outer {
  message Inner { string x = 1; }
  message Deep { message Hidden {} }
  string Shadow = 1;
  Inner i = 2;
}
message Shadow {}
message Inner {}
enum Color { RED = 0; }
service S { rpc Inner(Outer) returns (Outer); }
`,
  new protobuf.Root(),
).root;
const scope = (name: string) => root.lookup(name) as protobuf.NamespaceBase;
const full = (o: protobuf.ReflectionObject | null) => o?.fullName ?? null;

test("the innermost scope first, then the enclosing ones", () => {
  assert.is(full(resolveName(scope("a.b.Outer"), "Inner", "type")), ".a.b.Outer.Inner");
  assert.is(full(resolveName(scope("a.b"), "Inner", "type")), ".a.b.Inner");
  assert.is(full(resolveName(scope("a.b.Outer.Inner"), "Color", "type")), ".a.b.Color");
  assert.is(full(resolveName(scope("a.b.Outer"), "b.Inner", "type")), ".a.b.Inner");
  assert.is(full(resolveName(scope("a.b.Outer"), ".a.b.Outer.Deep.Hidden", "type")), ".a.b.Outer.Deep.Hidden");
  assert.is(full(resolveName(scope("a.b.Outer"), "Deep.Hidden", "type")), ".a.b.Outer.Deep.Hidden");
});

test("a simple name that is a field or a method in scope: the search goes on outwards", () => {
  assert.is(full(resolveName(scope("a.b.Outer"), "Shadow", "type")), ".a.b.Shadow");
  assert.is(full(resolveName(scope("a.b.S"), "Inner", "type")), ".a.b.Inner");
});

test("never below the scope; a compound name whose first part is found is final", () => {
  // protobufjs found these by searching every namespace below; protoc refuses them.
  assert.is(resolveName(scope("a.b"), "Hidden", "type"), null);
  assert.is(resolveName(scope("a.b"), "Deep.Hidden", "type"), null);
  assert.is(resolveName(scope("a.b.Outer"), "Inner.Missing", "type"), null);
  assert.is(resolveName(scope("a.b.Outer"), "Color.RED", "type"), null);
  assert.is(resolveName(root, "Nothing", "type"), null);
});

test("fields (extensions) by the same rules", () => {
  assert.is(full(resolveName(scope("a.b.Outer.Inner"), "Shadow", "field")), ".a.b.Outer.Shadow");
  assert.is(resolveName(scope("a.b"), "Shadow", "field"), null);
});

test.run();
