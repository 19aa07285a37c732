/**
 * Hostile descriptors: every field whose text reaches a generated file carries newline, double
 * quote, backquote, `*\/`, backslash and NUL, around a Go statement (`println("PWNED…")`) that
 * must stay text. Each field's marker names it, so a finding says where the text came from.
 */

/** The payload of one field: the statement between line breaks, then every other hostile character. */
export const payload = (field: string): string =>
  `${field}\nfunc init() { println("PWNED ${field}") }\n// " \` */ \\ \u0000 /*`;
/** The payload where the syntax has no line break (line comments): the rest of it. */
export const oneLine = (field: string): string => `${field} */ println("PWNED ${field}") " \` \\ \u0000 //`;

/** The payload of a name: no line break or NUL (a reader refuses those in names), every other hostile character. */
export const name = (field: string): string => `${field} */ println("PWNED ${field}") " \` \\ //`;

/**
 * The .api and .proto readers refuse a raw control character anywhere in the file (tested with
 * rawControl below), and the .api syntax has no escape for NUL: their payloads leave it out.
 */
const noRawNul = (text: string): string => text.replace(/\u0000/g, "");
/** An .api double-quoted string holding `text` (its escapes: \\, \", \n). */
const apiString = (text: string): string =>
  `"${noRawNul(text).replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
/** A MySQL string literal holding `text` (backslash escapes, NUL as \0). */
const sqlString = (text: string): string =>
  `'${text
    .replace(/\\/g, "\\\\")
    .replace(/'/g, "\\'")
    .replace(/\n/g, "\\n")
    .replace(/\u0000/g, "\\0")}'`;
/** A MySQL quoted name holding `text` (a backquote doubled; every other byte as it is). */
const sqlName = (text: string): string => `\`${text.replace(/`/g, "``")}\``;

export const hostileApi = `syntax = "v1"

info (
	title: ${apiString(payload("info.title"))}
	desc: ${apiString(payload("info.desc"))}
	author: ${apiString(payload("info.author"))}
	email: ${apiString(payload("info.email"))}
	version: ${apiString(payload("info.version"))}
)

/* block doc of Note
func init() { println("PWNED type.blockdoc") }
" \` \\ /* */
// ${noRawNul(oneLine("type.doc"))}
type Note {
	// ${noRawNul(oneLine("field.doc"))}
	Id int64 \`path:"id"\` // ${noRawNul(oneLine("field.comment"))}
	Title string \`json:"title" doc:"a\\"b */ \\\\ println(\\"PWNED field.tag\\")"\`
}

type NoteReply {
	Title string \`json:"title"\`
}

service hostile {
	@doc ${apiString(payload("route.doc"))}
	@handler getNote
	get /notes/:id (Note) returns (NoteReply)

	@doc (
		summary: ${apiString(payload("route.summary"))}
	)
	@handler listNotes
	get /notes returns (NoteReply)
}
`;

export const hostileSql = `CREATE TABLE ${sqlName(name("table.name"))} (
  \`id\` bigint NOT NULL AUTO_INCREMENT COMMENT ${sqlString(payload("column.comment"))},
  ${sqlName(name("column.name"))} varchar(200) NOT NULL DEFAULT ${sqlString(payload("column.default"))},
  \`state\` enum(${sqlString(payload("enum.value"))}, 'b') NOT NULL DEFAULT 'b',
  \`quoted\` varchar(20) NOT NULL DEFAULT '"\`*/\\\\',
  PRIMARY KEY (\`id\`),
  UNIQUE KEY ${sqlName(name("key.name"))} (${sqlName(name("column.name"))})
) COMMENT=${sqlString(payload("table.comment"))};
`;

/** The fields above, each of whose marker must still be found in the output (as text). */
export const apiFields = ["info.title", "type.doc", "field.doc", "field.comment", "route.doc", "route.summary"];
export const sqlFields = [
  "table.name",
  "column.comment",
  "column.name",
  "column.default",
  "enum.value",
  "key.name",
  "table.comment",
];

/** Names holding a control character, which the SQL reader refuses: [SQL, what the diagnostic names]. */
export const controlNames: Array<[string, string]> = [
  ["CREATE TABLE `t\nprintln(1)` (id int);\n", "table name"],
  ["CREATE TABLE t (`c\u0000x` int);\n", "column name"],
  ["CREATE TABLE t (id int, UNIQUE KEY `k\u001b[2J` (id));\n", "key name"],
];

/** A proto string literal holding `text` (its escapes: \\, \", \n; NUL as \0). */
const protoString = (text: string): string =>
  `"${text
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/\n/g, "\\n")
    .replace(/\u0000/g, "\\0")}"`;

export const hostileProto = `syntax = "proto3";

package hostile.v1;

import "google/api/annotations.proto";

option go_package = "example.com/hostile/pb/hostile/v1;hostilev1";

/* block doc of the service
func init() { println("PWNED service.blockdoc") }
" \` \\ */
// ${noRawNul(oneLine("service.doc"))}
service NoteService {
  // ${noRawNul(oneLine("rpc.doc"))}
  rpc GetNote(GetNoteRequest) returns (Note) {
    option (google.api.http) = {get: "/v1/notes/{id}"};
  }
}

// ${noRawNul(oneLine("message.doc"))}
message GetNoteRequest {
  // ${noRawNul(oneLine("field.doc"))}
  string id = 1; // ${noRawNul(oneLine("field.comment"))}
}

message Note {
  string title = 1 [json_name = ${protoString('title */ " ` \\\\ println')}];
  State state = 2;
}

// ${noRawNul(oneLine("enum.doc"))}
enum State {
  // ${noRawNul(oneLine("enumvalue.doc"))}
  STATE_UNSPECIFIED = 0;
}
`;

/** Middleware names that are not identifiers, which the proto reader refuses. */
export const badMiddlewareProto = `syntax = "proto3";

package hostile.v1;

import "codegen/api/zrpc.proto";

option go_package = "example.com/hostile/pb/hostile/v1;hostilev1";

service NoteService {
  option (codegen.api.zrpc_group) = {middleware: ${protoString('auth"}; func init() { println("PWNED") } //')}};
  rpc GetNote(Empty) returns (Empty);
}

message Empty {}
`;

/** Files holding a raw control character, which the .api and .proto readers refuse: [path, text, code]. */
export const rawControl: Array<[string, string, string]> = [
  [
    "desc/api/notes.api",
    'syntax = "v1"\n\n// a\u0000b\ntype Reply {\n\tName string `json:"name"`\n}\n',
    "API_CONTROL_CHARACTER",
  ],
  [
    "desc/proto/notes.proto",
    'syntax = "proto3";\n\n// a\u001bb\nmessage Reply {\n  string name = 1;\n}\n',
    "PROTO_CONTROL_CHARACTER",
  ],
];
