/**
 * protobufjs checks each new field's number against a map of the message's fields by number,
 * and throws that map away after every field it adds: parsing a message of 10,000 fields
 * rebuilt it 10,000 times (11 s; 20,000 fields took 42 s). While a file is parsed, the map is
 * kept up to date instead (the field just added is put in it), so parsing is linear in the
 * number of fields. Written against protobufjs 8 (`Type#_fieldsById`, `Type#add`); where those
 * are not what is expected, parsing runs as protobufjs does it. Internal to the proto reader.
 */
import protobuf from "protobufjs";

interface TypeInternals {
  _fieldsById: Record<number, protobuf.Field> | null;
  readonly fieldsById: Record<number, protobuf.Field>;
  fields: Record<string, protobuf.Field>;
}

const original = protobuf.Type.prototype.add;
const understood = "_fieldsById" in (new protobuf.Type("Probe") as unknown as TypeInternals);

function addKeepingIndex(this: protobuf.Type, object: protobuf.ReflectionObject): protobuf.Type {
  const self = this as unknown as TypeInternals;
  const field = object instanceof protobuf.Field && object.extend === undefined ? object : null;
  // Built once (protobufjs builds it the same way), then carried from one field to the next.
  const byId = field ? self.fieldsById : null;
  const result = original.call(this, object);
  if (field && byId && self.fields[field.name] === field) {
    byId[field.id] = field;
    self._fieldsById = byId;
  }
  return result;
}

/** Run `parse` with fields added in constant time. */
export function withFieldIndex<T>(parse: () => T): T {
  if (!understood) return parse();
  protobuf.Type.prototype.add = addKeepingIndex;
  try {
    return parse();
  } finally {
    protobuf.Type.prototype.add = original;
  }
}
