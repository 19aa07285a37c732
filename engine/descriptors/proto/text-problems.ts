/** What refuses a .proto file's text before it is scanned: nesting too deep, control or invisible characters. */
import { firstControlCharacter } from "../control.js";
import { firstFormatCharacter } from "../invisible.js";
import { tooDeep } from "../nesting.js";

export interface TextProblem {
  code: string;
  message: string;
  offset: number;
  hint?: string;
}

/** The first problem of the text, or null. Invisible characters are refused in the project's own files only. */
export function textProblem(source: string, project: boolean): TextProblem | null {
  const deep = tooDeep(source);
  if (deep)
    return { code: "PROTO_TOO_DEEP", message: `${deep.what}; codegen reads at most that much`, offset: deep.offset };
  const control = firstControlCharacter(source);
  if (control)
    return {
      code: "PROTO_CONTROL_CHARACTER",
      message: `${control.what} in the file; write it as an escape inside a string, or remove it`,
      offset: control.offset,
    };
  // Anywhere in a project's file, comments and strings too: protoc's plugins copy comments and
  // option strings into the code they generate, past codegen's escaping.
  const invisible = project ? firstFormatCharacter(source) : null;
  if (invisible)
    return {
      code: "PROTO_INVISIBLE_CHARACTER",
      message: `${invisible.what} in the file; remove it`,
      offset: invisible.offset,
      hint: "it makes the text read differently from what it is, and protoc's plugins copy comments into generated code as they are",
    };
  return null;
}
