/**
 * Interactive questions, only when a person is at a terminal: both stdin and stdout are TTYs,
 * CI is not set and --yes was not given. Otherwise callers use flags and defaults, or fail.
 */
export function canPrompt(yes: boolean | undefined): boolean {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY && !process.env["CI"] && !yes);
}

export async function askText(message: string, placeholder: string): Promise<string | null> {
  const p = await import("@clack/prompts");
  const value = await p.text({ message, placeholder, validate: (v) => (v && /^[A-Za-z][A-Za-z0-9_-]*$/.test(v) ? undefined : "letters, digits, - and _; start with a letter") });
  return p.isCancel(value) ? null : String(value);
}

export async function askChoice(message: string, options: Array<{ value: string; hint?: string }>): Promise<string | null> {
  const p = await import("@clack/prompts");
  const value = await p.select({ message, options: options.map((o) => ({ value: o.value, label: o.value, hint: o.hint })) });
  return p.isCancel(value) ? null : String(value);
}

export async function askConfirm(message: string): Promise<boolean> {
  const p = await import("@clack/prompts");
  const value = await p.confirm({ message, initialValue: false });
  return value === true;
}
