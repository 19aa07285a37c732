/**
 * Attack class: a lenient JWT check in the generated HTTP service. The shop project's jwt
 * block (Auth, HS256) must refuse a token without exp, one signed with another HMAC algorithm
 * or with none, an expired one, and a token sent without "Bearer "; a valid token passes and
 * its claims reach the logic.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { signJwt, signJwtAs } from "../support/jwt.js";
import { startShop, type Shop } from "../support/shop-service.js";

const test = suite("attacks: the generated service's JWT check is strict");
let shop: Shop;
/** The clock when a test signs its token: each token's exp and iat are from the moment it is sent, however long the files before this one took. */
const now = (): number => Math.floor(Date.now() / 1000);
const whoami = "/api/v1/admin/whoami";
const bearer = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } });

test.before(async () => {
  shop = await startShop("attack-jwt");
});

test.after(async () => {
  await shop?.stop();
});

test("a valid HS256 token with exp is accepted and its claims reach the logic", async () => {
  const r = await shop.get(whoami, bearer(signJwtAs("HS256", { uid: "u1", exp: now() + 600 }, shop.secret)));
  assert.is(r.status, 200, r.text);
  assert.equal(JSON.parse(r.text), { uid: "u1" });
  const usual = await shop.get(whoami, bearer(signJwt({ uid: "u2" }, shop.secret)));
  assert.is(usual.status, 200, usual.text);
});

test("a token without exp is refused", async () => {
  assert.is((await shop.get(whoami, bearer(signJwtAs("HS256", { uid: "u1", iat: now() }, shop.secret)))).status, 401);
  assert.is((await shop.get(whoami, bearer(signJwtAs("HS256", { uid: "u1", exp: 0 }, shop.secret)))).status, 401);
});

test("an expired token is refused", async () => {
  assert.is(
    (await shop.get(whoami, bearer(signJwtAs("HS256", { uid: "u1", exp: now() - 60 }, shop.secret)))).status,
    401,
  );
});

test("another HMAC algorithm with the same secret is refused", async () => {
  for (const alg of ["HS384", "HS512"] as const) {
    const r = await shop.get(whoami, bearer(signJwtAs(alg, { uid: "u1", exp: now() + 600 }, shop.secret)));
    assert.is(r.status, 401, `${alg} accepted`);
  }
});

test("alg none is refused", async () => {
  assert.is(
    (await shop.get(whoami, bearer(signJwtAs("none", { uid: "u1", exp: now() + 600 }, shop.secret)))).status,
    401,
  );
});

test("a token without the Bearer scheme is refused", async () => {
  const token = signJwtAs("HS256", { uid: "u1", exp: now() + 600 }, shop.secret);
  for (const header of [token, `Token ${token}`, `Basic ${token}`, `Bearer`, `Bearer `, `Bearer${token}`]) {
    assert.is(
      (await shop.get(whoami, { headers: { authorization: header } })).status,
      401,
      `Authorization: ${header.slice(0, 12)}…`,
    );
  }
  assert.is((await shop.get(`${whoami}?access_token=${token}`)).status, 401, "token in the query");
  const twice = new Headers([
    ["authorization", `Bearer ${token}`],
    ["authorization", `Bearer ${token}`],
  ]);
  assert.is((await shop.get(whoami, { headers: twice })).status, 401, "two tokens in Authorization");
  // The scheme name is case-insensitive (RFC 7235), so this one is the Bearer scheme.
  assert.is((await shop.get(whoami, { headers: { authorization: `bearer ${token}` } })).status, 200);
});

test.run();
