import protobuf from "protobufjs";

/** Every reflection object under a namespace. */
export function allObjects(ns: protobuf.NamespaceBase): protobuf.ReflectionObject[] {
  const out: protobuf.ReflectionObject[] = [];
  const walk = (n: protobuf.NamespaceBase) => {
    for (const obj of n.nestedArray) {
      out.push(obj);
      // One at a time: spreading a message's 300,000 fields into push's arguments overflowed the stack.
      if (obj instanceof protobuf.Type) {
        for (const f of obj.fieldsArray) out.push(f);
        for (const o of obj.oneofsArray) out.push(o);
      } else if (obj instanceof protobuf.Service) {
        for (const m of obj.methodsArray) out.push(m);
      }
      if (obj instanceof protobuf.Namespace || obj instanceof protobuf.Type || obj instanceof protobuf.Service)
        walk(obj as protobuf.NamespaceBase);
    }
  };
  walk(ns);
  return out;
}
