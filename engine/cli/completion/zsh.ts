/** The zsh completion script (#compdef): commands and options with their descriptions, then values. */
import { optionsByKind, valueOptions, type CompletionSpec, type OptionSpec } from "./spec.js";

/** A word in single quotes for zsh. */
const quoted = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** `_describe` entries: name:description, the colons of a name escaped. */
function described(items: Array<{ name: string; description: string }>): string {
  return items.map((i) => `    ${quoted(`${i.name.replace(/:/g, "\\:")}:${i.description}`)}`).join("\n");
}

const optionItems = (options: OptionSpec[]): Array<{ name: string; description: string }> =>
  options.flatMap((o) => o.names.map((name) => ({ name, description: o.description })));

export function zshScript(spec: CompletionSpec): string {
  const byKind = optionsByKind(spec);
  const pattern = (names: string[] | undefined): string =>
    names && names.length > 0 ? names.join("|") : "--codegen-none";
  const perCommand = spec.commands
    .map(
      (c) =>
        `    ${c.name})\n      opts=(\n${described(optionItems(c.options))}\n      )\n      args=(${c.words.join(" ")})\n      ;;`,
    )
    .join("\n");
  return `#compdef codegen
# zsh completion for codegen. Load it with: source <(codegen completion zsh)
# or save it as _codegen in a folder of $fpath: codegen completion zsh > "\${fpath[1]}/_codegen"
_codegen() {
  local cmd i given=0
  local -a commands global opts args
  commands=(
${described(spec.commands)}
  )
  global=(
${described(optionItems(spec.global))}
  )
  # The command is the first word that is neither an option nor an option's value; given counts
  # the arguments after it (a command's action words go first only).
  for ((i = 2; i < CURRENT; i++)); do
    case \${words[i]} in
      -*) continue ;;
    esac
    case \${words[i-1]} in
      ${pattern(valueOptions(spec, "required"))}) continue ;;
    esac
    if [[ -z $cmd ]]; then cmd=\${words[i]}; else given=$((given + 1)); fi
  done
  case \${words[CURRENT-1]} in
    ${pattern(byKind.get("frame"))}) compadd -- ${spec.frames.map(quoted).join(" ")}; return ;;
    ${pattern(byKind.get("file"))}) _files; return ;;
    ${pattern(byKind.get("dir"))}) _files -/; return ;;
    ${pattern(byKind.get("text"))}) return ;;
  esac
  case $cmd in
${perCommand}
  esac
  if [[ \${words[CURRENT]} == -* ]]; then
    _describe -t options 'codegen option' opts -- global
  elif [[ -z $cmd ]]; then
    _describe -t commands 'codegen command' commands
  elif (( \${#args} > 0 && given == 0 )); then
    compadd -- $args
  fi
}
if [[ \${funcstack[1]} == _codegen ]]; then
  _codegen "$@"
else
  compdef _codegen codegen
fi
`;
}
