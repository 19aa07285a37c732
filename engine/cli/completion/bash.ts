/** The bash completion script (complete -F): commands, then each command's options, then values. */
import { optionsByKind, valueOptions, type CompletionSpec } from "./spec.js";

export function bashScript(spec: CompletionSpec): string {
  const words = (list: string[]): string => list.join(" ");
  const globalNames = spec.global.flatMap((o) => o.names);
  const byKind = optionsByKind(spec);
  const pattern = (names: string[] | undefined): string =>
    names && names.length > 0 ? names.join("|") : "--codegen-none";
  const perCommand = spec.commands
    .map(
      (c) =>
        `    ${c.name}) opts="${words([...c.options.flatMap((o) => o.names), ...globalNames])}"; args="${words(c.words)}" ;;`,
    )
    .join("\n");
  return `# bash completion for codegen. Load it with: source <(codegen completion bash)
# or save it: codegen completion bash > ~/.local/share/bash-completion/completions/codegen
_codegen() {
  local cur prev cmd i opts args given
  COMPREPLY=()
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  cmd=""
  given=0
  # The command is the first word that is neither an option nor an option's value; given counts
  # the arguments after it (a command's action words go first only).
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      -*) continue ;;
    esac
    case "\${COMP_WORDS[i-1]}" in
      ${pattern(valueOptions(spec, "required"))}) continue ;;
    esac
    if [[ -z "$cmd" ]]; then cmd="\${COMP_WORDS[i]}"; else given=$((given + 1)); fi
  done
  case "$prev" in
    ${pattern(byKind.get("frame"))}) COMPREPLY=($(compgen -W "${words(spec.frames)}" -- "$cur")); return 0 ;;
    ${pattern(byKind.get("file"))}) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
    ${pattern(byKind.get("dir"))}) COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
    ${pattern(byKind.get("text"))}) return 0 ;;
  esac
  opts="${words(globalNames)}"
  args=""
  case "$cmd" in
    "") args="${words(spec.commands.map((c) => c.name))}" ;;
${perCommand}
  esac
  (( given > 0 )) && args=""
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$args" -- "$cur"))
  fi
  return 0
}
complete -F _codegen codegen
`;
}
