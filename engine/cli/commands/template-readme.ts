import type { Pack } from "../../packs/index.js";

/** The README `template init` writes for the authors of a new pack. */
export function packAuthorReadme(
  name: string,
  base: string,
  parent: Pack,
  full: boolean,
  toAllow: string | null = null,
): string {
  const constant = (mode: string): boolean => ["managed", "once", "merge"].includes(mode.trim());
  const rules = parent.rules
    .map(
      (r) =>
        `| \`${r.name}\` | ${r.frames?.join(", ") ?? "all"} | \`${r.template ?? r.copy ?? ""}\` | ${r.dataFile ? `\`${r.dataFile.replace(/\.jsonata$/, "")}\`` : ""} | ${constant(r.mode) ? r.mode.trim() : "depends"} |`,
    )
    .join("\n");
  return `# ${name}

A codegen template pack${full ? ` (a full copy of the built-in \`${base}\` pack)` : ` that extends the built-in \`${base}\` pack`}.
Use it from a project with \`pack: <path to this folder>\` in \`.codegen.yaml\`, or
\`codegen gen --pack <path>\`; from git, push it and use \`git+https://host/you/pack.git#v1\`
(the project's ledger pins the commit until \`codegen template update\`).

## Change one file

${
  full
    ? "Edit any file here; nothing is inherited."
    : `Copy the template you want to change from the base pack (\`codegen template list\` shows every
rule, its template and which layer it comes from) to the same path under \`templates/\`, then edit
it. Only that file changes; everything else still comes from \`${base}\`.`
}

Worked example: every logic file starts with a team comment.

1. \`codegen template list | grep logic\` names the template of the logic rule.
2. Copy it from the base pack's \`templates/\` to the same path here and add your comment.
3. \`codegen template lint <this folder>\`, then \`codegen gen\` in a project using the pack:
   new logic files carry the comment (existing logic files are yours and stay as they are).

## Views and functions

What a template prints beyond the IR (names in the target language, import lists) comes from a view: \`views/<name>.jsonata\`
(the rule's \`view:\`). A file here with a base view's name replaces it; \`views/functions.jsonata\`
adds or replaces library functions (${parent.functions.length > 0 ? "the base pack's are listed in its views/functions.jsonata" : "the base pack has none"}). Keep a case beside each view you change
(\`views/<name>.test/<case>.in.json\`), write its expected output with
\`codegen template test <this folder> --update\`, review it, and let \`codegen template test\` guard it.

## Rules

A YAML list under \`rules/\`. A rule with the name of a base rule replaces it; a new name adds a
rule; \`- name: <rule>\\n  enabled: false\` removes one. The format (each, when, view, data,
path, template, copy, mode) is described in codegen's \`template-packs/README.md\`.

## Steps and trust

${
  toAllow
    ? `This folder is a copy, not the built-in \`${base}\` pack, so nothing it runs is trusted as
built in: its ${toAllow} run only when allowed. In each project using it, run
\`codegen trust\` once (it lists them; a change to them asks again), pass \`--trust\` to allow one
run, or list this pack's source (as the project's \`pack:\` names it) under \`trust:\` in
\`~/.config/codegen/config.yaml\`. Until then \`codegen gen\` refuses with COMMANDS_NOT_ALLOWED.`
    : `Steps (programs run on the generated files) declared by this pack run only when allowed:
\`codegen trust\` in the project, \`--trust\` for one run, or this pack's source listed under
\`trust:\` in \`~/.config/codegen/config.yaml\`. The base pack's steps stay trusted.`
}

## Rules of the base pack

| rule | frames | template | view | mode |
|---|---|---|---|---|
${rules}
`;
}
