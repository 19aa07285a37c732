/** The name of a project's settings file: the folder that holds one is a project root. */
export const CONFIG_FILE = ".codegen.yaml";
