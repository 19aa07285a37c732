/**
 * Attack class: 400 answers echoing what the client sent (a reflected value, a body logged
 * back). A request that does not parse or validate gets a 400 naming the field and the rule,
 * and none of the text it sent.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startShop, type Shop } from "../support/shop-service.js";

const test = suite("attacks: 400 bodies do not echo the request");
let shop: Shop;
const marker = "ECHO<script>alert(1)</script>";
const pathMarker = "ECHO-script-alert"; // a path segment holds no slash
const json = (body: string): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body });

test.before(async () => {
  shop = await startShop("attack-echo");
});

test.after(async () => {
  await shop?.stop();
});

const cases: [string, string, RequestInit | undefined, RegExp][] = [
  [
    "a JSON value of the wrong type",
    "/api/v1/items",
    json(JSON.stringify({ title: [marker], email: "a@b.co" })),
    /field "title" failed validation "type"/,
  ],
  [
    "a number field given text",
    "/api/v1/items",
    json(JSON.stringify({ title: "desk", email: "a@b.co", price: marker })),
    /field "price" failed validation "type"/,
  ],
  [
    "a body that is not JSON",
    "/api/v1/items",
    json(`{"title": ${marker}`),
    /^the request body or parameters are malformed$/m,
  ],
  [
    "a body posing as a field name",
    "/api/v1/items",
    json(`field "ECHO" is not set`),
    /^the request body or parameters are malformed$/m,
  ],
  [
    "a failed validate rule",
    "/api/v1/items",
    json(JSON.stringify({ title: "desk", email: marker })),
    /field "email" failed validation "email"/,
  ],
  [
    "a form field given text",
    `/api/v1/items?name=lamp&page=${encodeURIComponent(marker)}`,
    undefined,
    /field "page" failed validation "type"/,
  ],
  [
    "a path field given text",
    `/api/v1/items/${encodeURIComponent(pathMarker)}`,
    undefined,
    /field "id" failed validation "type"/,
  ],
  [
    "a missing field",
    "/api/v1/items",
    json(JSON.stringify({ email: marker })),
    /field "title" failed validation "required"/,
  ],
];

for (const [what, path, init, rule] of cases) {
  test(`${what}: 400 with the field and rule, not the value`, async () => {
    const r = await shop.get(path, init);
    assert.is(r.status, 400, r.text);
    const { message } = JSON.parse(r.text) as { message: string };
    assert.ok(rule.test(message), `the answer does not name the field and rule: ${r.text}`);
    for (const part of ["ECHO", "script", "alert"])
      assert.not.ok(r.text.includes(part), `the answer echoes the request: ${r.text}`);
  });
}

test.run();
