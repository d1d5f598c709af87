/**
 * Reads a V8 CPU profile (`node --cpu-prof`) and prints, for each window of time asked for, where the CPU went:
 * the functions with the most samples of their own (self) and those most often on the stack (inclusive), as shares
 * of the window's samples. Windows are in microseconds of the monotonic clock, the profile's own (on Linux the
 * same as `process.hrtime` in every process).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };
export type ProfileWindow = { name: string; fromUs: number; toUs: number };

const TOP = 14;

function label(node: Node): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (!url) return functionName || "(anonymous)";
  const file = url.replace(/^file:\/\//, "");
  const inModules = file.lastIndexOf("node_modules/");
  const short = inModules >= 0 ? file.slice(inModules + 13) : path.relative(process.cwd(), file);
  return `${functionName || "(anonymous)"} ${short}:${lineNumber + 1}`;
}

/**
 * Who a sample's time belongs to: the package (or "the app", or Node itself) of the innermost frame with a script
 * behind it, so that a system call or a built-in counts for the code that made it.
 */
function ownerOf(id: number, byId: Map<number, Node>, parent: Map<number, number>): string {
  const leaf = byId.get(id)?.callFrame.functionName ?? "";
  if (/^\(.*\)$/.test(leaf)) return leaf;
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
    const url = byId.get(n)?.callFrame.url;
    if (!url || url.startsWith("node:")) continue;
    const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    return inModules ? `package ${inModules[1]}` : "the app";
  }
  return "Node itself";
}

export function summariseProfile(file: string, windows: ProfileWindow[]): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const times: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) {
    t += delta;
    times.push(t);
  }
  for (const window of windows) {
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const owners = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const at = times[i] ?? 0;
      if (at < window.fromUs || at > window.toUs) return;
      total += 1;
      const node = byId.get(id);
      if (!node) return;
      const own = label(node);
      self.set(own, (self.get(own) ?? 0) + 1);
      const seen = new Set<string>();
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
        const frame = byId.get(n);
        if (frame) seen.add(label(frame));
      }
      for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
      const owned = ownerOf(id, byId, parent);
      owners.set(owned, (owners.get(owned) ?? 0) + 1);
    });
    if (total === 0) continue;
    const top = (m: Map<string, number>) =>
      [...m.entries()]
        .filter(([k]) => !/^\((root|program)\)$/.test(k))
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP)
        .map(([k, n]) => `      ${((100 * n) / total).toFixed(1).padStart(5)}%  ${k}`)
        .join("\n");
    const idle = ((100 * (self.get("(idle)") ?? 0)) / total).toFixed(0);
    console.log(`\n    ${window.name}: ${total} samples, ${idle}% idle; self:\n${top(self)}`);
    console.log(`    inclusive:\n${top(inclusive)}`);
    console.log(`    by owner of the innermost JavaScript frame:\n${top(owners)}`);
  }
}

/**
 * Of a window's busy samples (neither idle nor the collector), the share whose stack holds a frame of one of the
 * given files: the CPU spent in those files' code and in what it called synchronously. Work they set going that
 * finishes in a callback of its own (a socket's reply parsed) is not counted, so this is a floor.
 */
export function shareOnStack(
  file: string,
  window: ProfileWindow,
  files: (url: string) => boolean,
): number | null {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inFiles = new Map<number, boolean>();
  const holds = (id: number): boolean => {
    const known = inFiles.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const up = parent.get(id);
    const found = (node !== undefined && files(node.callFrame.url)) || (up !== undefined && holds(up));
    inFiles.set(id, found);
    return found;
  };
  let at = profile.startTime;
  let busy = 0;
  let held = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < window.fromUs || at > window.toUs) return;
    const name = byId.get(id)?.callFrame.functionName;
    if (name === "(idle)" || name === "(garbage collector)") return;
    busy += 1;
    if (holds(id)) held += 1;
  });
  return busy === 0 ? null : held / busy;
}
