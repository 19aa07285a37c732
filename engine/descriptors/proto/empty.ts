import type { ProtoIR } from "../../ir/index.js";

/** The proto IR of a project without .proto files, built without loading the proto reader. */
export function emptyProtoIR(): ProtoIR & { includeDirs: string[] } {
  return {
    files: [],
    services: [],
    messages: [],
    enums: [],
    thirdParty: [],
    externalFiles: [],
    hasServices: false,
    hasHttp: false,
    hasValidation: false,
    hasStreaming: false,
    includeDirs: [],
  };
}
