import type { Pack } from "../packs/index.js";

/**
 * Whether bytes carry one of the pack's generated markers: its managed_marker, one of its
 * foreign_markers, or, for a step's output (a ledger rule `step:<name>`), that step's own marker.
 * With the record of what codegen wrote in this clone (clone-record.ts), the evidence a ledger
 * entry needs before gen removes or moves its file; unlike planning (generate.ts markerCheck), a
 * step without a marker proves nothing.
 */
export function generatedMarker(pack: Pack): (rule: string, bytes: Buffer) => boolean {
  const markers = [pack.managedMarker, ...pack.foreignMarkers].filter((m) => m !== "");
  const stepMarkers = new Map(pack.steps.filter((s) => s.marker !== "").map((s) => [`step:${s.name}`, s.marker]));
  return (rule, bytes) => {
    const own = stepMarkers.get(rule);
    return (own !== undefined && bytes.includes(own)) || markers.some((m) => bytes.includes(m));
  };
}
