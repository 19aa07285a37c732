/** Flags every command understands, and how flags map onto config keys. */
export interface GlobalFlags {
  config?: string;
  pack?: string;
  trust?: boolean;
  offline?: boolean;
  verbose?: boolean;
  quiet?: boolean;
  frame?: string;
  module?: string;
  desc?: string | string[];
  force?: boolean;
}

const list = (v: string | string[] | undefined): string[] | undefined =>
  v === undefined ? undefined : Array.isArray(v) ? v : [v];

/** Only flags the user typed become a config layer (undefined ones are left to file and env). */
export function configFlags(flags: GlobalFlags): Record<string, unknown> {
  return {
    pack: flags.pack,
    trust: flags.trust,
    offline: flags.offline,
    verbose: flags.verbose,
    frame: flags.frame,
    module: flags.module,
    "gen.desc": list(flags.desc),
    "gen.force": flags.force,
  };
}
