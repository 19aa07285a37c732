/** The file system as codegen uses it on data it does not trust: the path policy, and what the system refuses. */
export {
  isPlainRelative,
  LinkRefused,
  lstatOrNull,
  PathPolicy,
  readInside,
  readNoFollow,
  reservedPart,
  type LinkFound,
} from "./path-policy.js";
export { outsideProject } from "./project-place.js";
export { replaceFile } from "./replace-file.js";
export { systemRefusal } from "./fs-errors.js";
export { layersOf, readPackFile, readPackText } from "./pack-file.js";
