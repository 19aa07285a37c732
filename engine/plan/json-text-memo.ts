/**
 * JSON texts of the values one plan keys its caches by, made once per value: a route's view key,
 * its handler's and its logic's render keys all name the same route object (three texts of it
 * made one), and view data read back from the cache keeps the text it was read from. One instance
 * per plan: the IR and the data of a run are not changed once made (plan/jsonata.ts).
 */
export class JsonTextMemo {
  private readonly texts = new WeakMap<object, string>();

  /** JSON.stringify(value ?? null), remembered for objects; throws as JSON.stringify does. */
  of(value: unknown): string {
    if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
    let text = this.texts.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      this.texts.set(value, text);
    }
    return text;
  }

  /** `value` was parsed from `text` (which JSON.stringify made): its text is known. */
  parsedFrom(value: unknown, text: string): void {
    if (value !== null && typeof value === "object") this.texts.set(value, text);
  }
}
