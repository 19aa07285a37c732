/**
 * protobuf's name resolution, as protoc does it, over protobufjs's tree. A name is looked up in
 * its scope, then in each enclosing one out to the root: in the first scope that holds its first
 * part, a compound name (`a.B`) is resolved inside that part (when it is a message, enum,
 * service or package) and the answer is final; a simple name that is there but of another kind
 * (a field, a method) lets the search go on outwards. A leading dot starts at the root.
 *
 * protobufjs, not finding a name in scope, searches every namespace below it one by one and
 * remembers each miss in each of them: thousands of unknown names among thousands of messages
 * took seconds, and 8,000 of each all the memory there was (the process crashed). protoc never
 * looks below a scope, so neither does this; a name only that search found was one protoc
 * refuses. Internal to the proto reader.
 */
import protobuf from "protobufjs";

/** What a name must resolve to: a message or enum type, or a field (an extension, for options). */
export type NameKind = "type" | "field";

export function resolveName(
  from: protobuf.NamespaceBase,
  name: string,
  kind: NameKind,
): protobuf.ReflectionObject | null {
  const parts = name.split(".");
  if (parts[0] === "") return accepted(inside(from.root, parts.slice(1)), kind);
  for (let scope: protobuf.NamespaceBase | null = from; scope; scope = scope.parent) {
    const first = scope.get(parts[0]!);
    if (!first) continue;
    if (parts.length > 1) {
      if (first instanceof protobuf.Namespace || first instanceof protobuf.Enum)
        return accepted(inside(first, parts.slice(1)), kind);
      continue;
    }
    if (accepted(first, kind)) return first;
  }
  return null;
}

/** The object a dotted path names below `start`, one child at a time. */
function inside(start: protobuf.ReflectionObject, parts: string[]): protobuf.ReflectionObject | null {
  let at: protobuf.ReflectionObject | null = start;
  for (const part of parts) {
    if (!(at instanceof protobuf.Namespace)) return null;
    at = at.get(part);
    if (!at) return null;
  }
  return at;
}

function accepted(found: protobuf.ReflectionObject | null, kind: NameKind): protobuf.ReflectionObject | null {
  if (!found) return null;
  if (kind === "type") return found instanceof protobuf.Type || found instanceof protobuf.Enum ? found : null;
  return found instanceof protobuf.Field ? found : null;
}
