/**
 * The ohm grammar of the .api language (current and legacy forms), compiled once on
 * first use. Internal to the api reader.
 *
 * Statements are syntactic rules (whitespace and comments skipped between tokens). Struct
 * bodies, type expressions, route paths and bare values are lexical rules, because there a
 * line break ends a field or a value.
 *
 * This grammar is the source of truth for the language. fast-parse.ts (with fast-lex.ts and
 * fast-types.ts) transcribes it by hand and reads most files without ohm: a change is made here
 * first, then there. The tests that compare the two (test/unit/api-fast-parse,
 * test/fuzz/api-fast-parse) hold the transcription to this grammar and show where they part.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as Ohm from "ohm-js";
import { ohm } from "./ohm.js";
import { compiledEngine, switchedOff } from "../../cache/index.js";

const source = String.raw`
Api {
  Program = Stmt+  -- some
          | end    -- empty

  Stmt = SyntaxStmt | InfoStmt | ImportStmt | TypeStmt | ServiceStmt

  SyntaxStmt = syntaxKw "=" string
  InfoStmt = infoKw "(" Pair* ")"
  ImportStmt = importKw "(" string* ")"  -- group
             | importKw string            -- single

  TypeStmt = typeKw "(" TypeSpec* ")"  -- group
           | typeKw TypeSpec            -- single
  TypeSpec = typeName "=" typeExpr                 -- alias
           | typeName structKeyword? structBody     -- struct
           | typeName typeExpr                      -- other
  structKeyword = "struct" ~identPart

  ServiceStmt = ServerAnno Service  -- annotated
              | Service             -- plain
  Service = serviceKw serviceName "{" Route* "}"
  Route = RouteAnno+ RouteLine  -- annotated
        | RouteLine             -- plain
  RouteLine = method path RouteBody? RouteReturns? ";"?
  RouteAnno = ServerAnno | DocAnno | HandlerAnno
  ServerAnno = serverKw "(" Pair* ")"
  DocAnno = docKw "(" string ")"  -- paren
          | docKw "(" Pair* ")"    -- pairs
          | docKw string           -- literal
  HandlerAnno = handlerKw handlerName
  RouteBody = "(" typeExpr? ")"
  RouteReturns = returnsKw "(" typeExpr? ")"

  Pair = key ":" value

  // ---- lexical rules (character classes are inlined: ohm memoizes every rule application) ----
  space := ("\x00".." ")+ | lineComment | blockComment
  comment = lineComment | blockComment
  lineComment = "//" (~("\n" | "\r") any)*
  blockComment = "/*" (~"*/" any)* "*/"
  eol (end of line) = "\r\n" | "\n" | "\r"
  hsp = (" " | "\t" | blockComment)+

  // keywords are lexical so that ~identPart looks at the very next character
  syntaxKw = "syntax" ~identPart
  infoKw = "info" ~identPart
  importKw = "import" ~identPart
  typeKw = "type" ~identPart
  serviceKw = "service" ~identPart
  serverKw = "@server" ~identPart
  docKw = "@doc" ~identPart
  handlerKw = "@handler" ~identPart
  returnsKw = "returns" ~identPart
  identPart = "a".."z" | "A".."Z" | "0".."9" | "_"
  ident = ("a".."z" | "A".."Z" | "_") ("a".."z" | "A".."Z" | "0".."9" | "_")*
  typeName (a type name) = ident
  handlerName (a handler name) = ident
  serviceName (a service name) = ("a".."z" | "A".."Z" | "_") ("a".."z" | "A".."Z" | "0".."9" | "_" | "-")*
  key (a key) = ("a".."z" | "A".."Z" | "_") ("a".."z" | "A".."Z" | "0".."9" | "_" | "-" | ".")*

  method (an HTTP method) = ("get" | "post" | "put" | "delete" | "patch" | "head" | "options" | "connect" | "trace") ~identPart
  path (a route path starting with "/") = ("/" (":"? ("a".."z" | "A".."Z" | "0".."9" | "_" | "-" | "." | "~" | "+" | "%" | "@" | "!" | "$" | "&" | "," | "=")+)?)+

  string (a quoted string) = "\"" (~("\"" | "\n" | "\r") "\\"? any)* "\""
  longString = "\"" (~"\"" "\\"? any)* "\""
  rawString (a back-quoted string) = "\u0060" (~"\u0060" any)* "\u0060"
  value (a value) = longString | rawString | bareValue
  bareValue = bareWord (hsp ~(key hsp? ":") bareWord)*
  bareWord = ~("//" | "/*") (~(" " | "\t" | "\n" | "\r" | ")" | "\"" | "\u0060") any)+

  typeExpr (a type) = "*" hsp? typeExpr                           -- pointer
                    | "[" hsp? "]" hsp? typeExpr                  -- slice
                    | "[" hsp? "..." hsp? "]" hsp? typeExpr       -- ellipsis
                    | "[" hsp? digit+ hsp? "]" hsp? typeExpr      -- array
                    | "map" hsp? "[" hsp? typeExpr hsp? "]" hsp? typeExpr  -- map
                    | "interface" hsp? "{" hsp? "}"               -- iface
                    | structBody                                  -- struct
                    | ~structKeyword ident                        -- named

  structBody = "{" gap (member gap)* "}"
  gap = (" " | "\t" | "\n" | "\r" | ";" | comment)*
  member = ident hsp structKeyword hsp? structBody tag? memberEnd  -- legacyNested
         | ident hsp? structBody tag? memberEnd                    -- inline
         | ident hsp typeExpr tag? memberEnd                       -- named
         | "*"? ident tag? memberEnd                               -- embedded
  tag = hsp? rawString
  memberEnd = hsp? &(eol | ";" | "}" | "//")
}
`;

let compiled: Ohm.Grammar | undefined;

// Compiling the grammar text takes ohm about 200 ms; its recipe (the compiled form, written at
// build time beside this module and stamped with the text's digest) loads in about 10. Recipes
// are what ohm's own generated grammar bundles load; its type declarations leave them out.
interface Recipes {
  makeRecipe(recipe: unknown): Ohm.Grammar;
}
type WithRecipe = Ohm.Grammar & { toRecipe(): string };
const recipeFile = join(compiledEngine, "descriptors/api/grammar.recipe.json");
const digest = (): string => createHash("sha256").update(source).digest("hex");

/** The grammar, compiled on first use. */
export function apiGrammar(): Ohm.Grammar {
  compiled ??= fromRecipe() ?? ohm().grammar(source);
  return compiled;
}

function fromRecipe(): Ohm.Grammar | null {
  if (switchedOff("grammar")) return null;
  try {
    const saved = JSON.parse(readFileSync(recipeFile, "utf8")) as { digest?: string; recipe?: unknown };
    return saved.digest === digest() ? (ohm() as unknown as Recipes).makeRecipe(saved.recipe) : null;
  } catch {
    return null;
  }
}

/** Build step: write the grammar's recipe beside this module. */
export function writeGrammarRecipe(): string {
  writeFileSync(
    recipeFile,
    JSON.stringify({
      digest: digest(),
      recipe: JSON.parse((ohm().grammar(source) as WithRecipe).toRecipe()) as unknown,
    }),
  );
  return recipeFile;
}
