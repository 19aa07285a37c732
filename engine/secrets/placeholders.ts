/**
 * Random values a pack puts in a file the user keeps (a service's signing key): the `secret`
 * filter renders a placeholder, `{{ 32 | secret }}`, and the writer puts fresh random bytes in
 * its place (base64url) when it adds the value. Rendering stays a pure function of its inputs,
 * so no cache (render, generation, view) ever holds a secret, and two projects generated from the
 * same inputs still get different ones. Only merge files may hold them: a merge adds a key once
 * and keeps it after, while a managed or once file would get a new value on every write.
 *
 * CODEGEN_TEST_SECRET_SEED (tests only) derives the values from the seed, the file's path and
 * the placeholder's position, so golden output is repeatable; never set it for a real project.
 */
import { hkdfSync, randomBytes } from "node:crypto";

const PLACEHOLDER = /__codegen_secret_(\d{1,4})__/g;
const MARK = Buffer.from("__codegen_secret_", "latin1");

export const SECRET_BYTES = { min: 16, max: 1024 } as const;

/** The `secret` filter: a placeholder for `bytes` random bytes. */
export function secretPlaceholder(bytes: unknown): string {
  const n = typeof bytes === "number" ? bytes : Number(bytes);
  if (!Number.isInteger(n) || n < SECRET_BYTES.min || n > SECRET_BYTES.max) {
    throw new Error(
      `secret takes the number of random bytes, a whole number from ${SECRET_BYTES.min} to ${SECRET_BYTES.max}; got ${JSON.stringify(bytes)}`,
    );
  }
  return `__codegen_secret_${n}__`;
}

export function holdsSecret(contents: Buffer): boolean {
  return contents.includes(MARK);
}

/** The contents with every placeholder replaced by its random value (the same buffer when there is none). */
export function fillSecrets(
  contents: Buffer,
  path: string,
  { seed }: { seed?: string | undefined } = { seed: process.env["CODEGEN_TEST_SECRET_SEED"] },
): Buffer {
  if (!holdsSecret(contents)) return contents;
  let index = 0;
  // latin1 maps every byte to one character and back: the file's other bytes stay as they are.
  const filled = contents.toString("latin1").replace(PLACEHOLDER, (text: string, digits: string) => {
    const n = Number(digits);
    // Only what the filter renders (the same text from elsewhere, out of bounds, stays as it is).
    if (n < SECRET_BYTES.min || n > SECRET_BYTES.max) return text;
    const bytes = seed ? Buffer.from(hkdfSync("sha256", seed, path, `secret ${index}`, n)) : randomBytes(n);
    index++;
    return bytes.toString("base64url");
  });
  return Buffer.from(filled, "latin1");
}
