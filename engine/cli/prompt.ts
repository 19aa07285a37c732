/**
 * Interactive questions, only when a person is at a terminal: both stdin and stdout are TTYs,
 * CI is not set and --yes was not given. Otherwise callers use flags and defaults, or fail.
 */
export function canPrompt(yes: boolean | undefined): boolean {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY && !process.env["CI"] && !yes);
}

/**
 * The check on a typed name. Enter on an empty line takes the shown default, so an empty answer
 * stands for `fallback` (the prompt checks before it fills the default in).
 */
export function nameProblem(value: string | undefined, fallback: string): string | undefined {
  const name = value || fallback;
  return /^[A-Za-z][A-Za-z0-9_-]*$/.test(name) ? undefined : "letters, digits, - and _; start with a letter";
}

/** A name; Enter alone answers `fallback`, which the prompt shows. */
export async function askText(message: string, fallback: string): Promise<string | null> {
  const p = await import("@clack/prompts");
  const value = await p.text({
    message,
    placeholder: fallback,
    defaultValue: fallback,
    validate: (v) => nameProblem(v, fallback),
  });
  return p.isCancel(value) ? null : String(value) || fallback;
}

export async function askChoice(
  message: string,
  options: Array<{ value: string; hint?: string }>,
): Promise<string | null> {
  const p = await import("@clack/prompts");
  const value = await p.select({
    message,
    options: options.map((o) => ({ value: o.value, label: o.value, hint: o.hint })),
  });
  return p.isCancel(value) ? null : String(value);
}

export async function askConfirm(message: string): Promise<boolean> {
  const p = await import("@clack/prompts");
  const value = await p.confirm({ message, initialValue: false });
  return value === true;
}
