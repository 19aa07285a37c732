/**
 * The first thing every user does: `new`, delete the sample descriptor, add their own, `gen`.
 * The sample's logic files were gen's and untouched, so they go, and the project builds with no
 * manual deletion. Then an edited logic file whose route goes away stays and is listed.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { checkGoProject } from "../support/go.js";
import { scratch } from "../support/paths.js";

const test = suite("replacing the sample descriptor");
const work = scratch("replace");
test.after(() => rmSync(work, { recursive: true, force: true }));

const ordersApi = `syntax = "v1"

import "types/order.api"

@server (
	prefix: /api/v1
	group:  order
)
service shop {
	@handler createOrder
	post /orders (CreateOrderReq) returns (Order)

	@handler getOrder
	get /orders/:id (GetOrderReq) returns (Order)
}
`;
const orderTypes = `syntax = "v1"

type CreateOrderReq {
	Item string \`json:"item" validate:"required"\`
	Qty  int    \`json:"qty"\`
}

type GetOrderReq {
	Id int64 \`path:"id"\`
}

type Order {
	Id   int64  \`json:"id"\`
	Item string \`json:"item"\`
}
`;
const ordersProto = (gateway: boolean): string => `syntax = "proto3";

package orders;
${gateway ? 'import "google/api/annotations.proto";\n' : ""}
option go_package = "./pb/orders";

service Orders {
  rpc Create(CreateRequest) returns (Order)${gateway ? ' {\n    option (google.api.http) = {post: "/api/v1/orders" body: "*"};\n  }' : ";"}
  rpc Get(GetRequest) returns (Order)${gateway ? ' {\n    option (google.api.http) = {get: "/api/v1/orders/{id}"};\n  }' : ";"}
}

message CreateRequest {
  string item = 1;
}

message GetRequest {
  int64 id = 1;
}

message Order {
  int64 id = 1;
  string item = 2;
}
`;

const projects = [
  {
    frame: "api",
    name: "shopapi",
    sample: "desc/api/shopapi.api",
    own: { "desc/api/shop.api": ordersApi, "desc/api/types/order.api": orderTypes },
    sampleLogic: ["internal/logic/pinglogic.go", "internal/logic/hellologic.go"],
  },
  {
    frame: "rpc",
    name: "shoprpc",
    sample: "desc/proto/shoprpc.proto",
    own: { "desc/proto/orders.proto": ordersProto(false) },
    sampleLogic: ["internal/logic/shoprpc/pinglogic.go", "internal/logic/shoprpc/hellologic.go"],
  },
  {
    frame: "gateway",
    name: "shopgw",
    sample: "desc/proto/shopgw.proto",
    own: { "desc/proto/orders.proto": ordersProto(true) },
    sampleLogic: ["internal/logic/shopgw/pinglogic.go"],
  },
];

test("new, delete the sample, add a descriptor, gen: every frame builds with no manual deletion", () => {
  for (const p of projects) {
    codegenOk(["new", p.name, "--frame", p.frame], work);
    const dir = join(work, p.name);
    assert.match(codegenOk(["gen"], dir).stdout, /wrote 0 files/, "the sample's logic stays while its descriptor does");
    rmSync(join(dir, p.sample));
    for (const [path, text] of Object.entries(p.own)) {
      const full = join(dir, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
    const out = codegenOk(["gen"], dir).stdout;
    assert.match(out, /removed/, `${p.frame}: ${out}`);
    for (const f of p.sampleLogic) assert.not.ok(existsSync(join(dir, f)), `${p.frame}: ${f} is gone`);
    assert.not.match(out, /no longer generated/);
  }
  for (const p of projects) checkGoProject(join(work, p.name));
});

test("an edited logic file whose route goes away is kept and listed; untouched ones go", () => {
  const dir = join(work, "shopapi");
  const mine = join(dir, "internal/logic/order/createorderlogic.go");
  writeFileSync(mine, readFileSync(mine, "utf8").replace("return", "// my pricing rules\n\treturn"));
  const edited = readFileSync(mine, "utf8");
  writeFileSync(
    join(dir, "desc/api/shop.api"),
    ordersApi.replace(/\t@handler createOrder\n\tpost \/orders \(CreateOrderReq\) returns \(Order\)\n\n/, ""),
  );
  const out = codegenOk(["gen"], dir).stdout;
  assert.match(out, /kept, no longer generated: internal\/logic\/order\/createorderlogic\.go/);
  assert.is(readFileSync(mine, "utf8"), edited);
  assert.not.ok(existsSync(join(dir, "internal/handler/order/createorderhandler.go")));
  assert.ok(existsSync(join(dir, "internal/logic/order/getorderlogic.go")));
});

test("a new naming style moves the logic files with the user's code and renames the handlers; it builds", () => {
  const dir = join(work, "shopapi");
  const logic = join(dir, "internal/logic/order/getorderlogic.go");
  writeFileSync(logic, readFileSync(logic, "utf8").replace("return", "// my lookup\n\treturn"));
  const edited = readFileSync(logic, "utf8");
  writeFileSync(join(dir, ".codegen.yaml"), readFileSync(join(dir, ".codegen.yaml"), "utf8") + "style: go_zero\n");
  const out = codegenOk(["gen", "--verbose"], dir).stdout;
  assert.match(
    out,
    /moved {5}internal\/logic\/order\/get_order_logic\.go \(from internal\/logic\/order\/getorderlogic\.go\)/,
  );
  assert.is(readFileSync(join(dir, "internal/logic/order/get_order_logic.go"), "utf8"), edited);
  assert.ok(existsSync(join(dir, "internal/handler/order/get_order_handler.go")));
  assert.ok(existsSync(join(dir, "internal/svc/service_context.go")));
  for (const gone of [
    "internal/logic/order/getorderlogic.go",
    "internal/handler/order/getorderhandler.go",
    "internal/svc/servicecontext.go",
  ])
    assert.not.ok(existsSync(join(dir, gone)), gone);
  // The file kept earlier (its route went away) is the user's: it stays where it is.
  assert.ok(existsSync(join(dir, "internal/logic/order/createorderlogic.go")));
  rmSync(join(dir, "internal/logic/order/createorderlogic.go"));
  assert.match(codegenOk(["gen", "--check"], dir).stdout, /^up to date/);
  checkGoProject(dir);
});

test.run();
