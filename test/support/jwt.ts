import { createHmac } from "node:crypto";

const b64url = (data: Buffer | string): string => Buffer.from(data).toString("base64url");

/** An HS256 JWT, as any client of the service would send. */
export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64url(
    JSON.stringify({ iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 3600, ...claims }),
  );
  const sig = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${sig}`;
}

const hmac: Record<string, string> = { HS256: "sha256", HS384: "sha384", HS512: "sha512" };

/** A JWT with exactly these claims (no exp added), signed with alg ("none": no signature). */
export function signJwtAs(
  alg: "HS256" | "HS384" | "HS512" | "none",
  claims: Record<string, unknown>,
  secret: string,
): string {
  const head = b64url(JSON.stringify({ alg, typ: "JWT" }));
  const body = b64url(JSON.stringify(claims));
  const digest = hmac[alg];
  const sig = digest ? createHmac(digest, secret).update(`${head}.${body}`).digest("base64url") : "";
  return `${head}.${body}.${sig}`;
}
