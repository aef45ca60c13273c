/**
 * A V8 CPU profile (.cpuprofile, from `node --cpu-prof` or node:inspector) summarised per
 * call: self time by layer (the npm package a function's file is in, or the repository's
 * own package; a built-in such as JSON.stringify counts for the layer that called it;
 * the garbage collector apart) and the heaviest functions.
 *
 *   npx tsx bench/profile-summary.ts CPU.cpuprofile [calls]
 */
import { readFileSync } from 'node:fs';

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

export function layerOf(url: string): string | null {
  if (!url) return null;
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return 'node';
  const own = /\/(packages|apps)\/([^/]+)\//.exec(url);
  if (own) return `(ours) ${own[1]}/${own[2]}`;
  if (url.includes('/bench/')) return '(bench)';
  return url;
}

export function summariseProfile(profile: CpuProfile, calls: number, title: string, top = 14): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const layerOfNode = (id: number): string => {
    const n = byId.get(id)!;
    const name = n.callFrame.functionName;
    if (name === '(garbage collector)' || name === '(program)' || name === '(idle)' || name === '(root)') return name;
    // An in-process profile (node:inspector) samples the idle event loop as the inspector's dispatch.
    if (name === 'dispatch' && !n.callFrame.url) return '(idle)';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const layer = layerOf(byId.get(at)!.callFrame.url);
      if (layer) return layer;
    }
    return '(native)';
  };
  const layers = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const layer = layerOfNode(id);
    if (layer === '(idle)') continue;
    total += us;
    layers.set(layer, (layers.get(layer) ?? 0) + us);
    const f = byId.get(id)!.callFrame;
    const name = `${f.functionName || '(anonymous)'} [${layer}${f.url ? `:${f.lineNumber + 1}` : ''}]`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const perCall = (us: number) => (us / 1000 / calls).toFixed(3);
  const lines = [`-- ${title}: ${perCall(total)} ms of samples per call (${calls} calls)`];
  for (const [layer, us] of [...layers].sort((a, b) => b[1] - a[1])) if (us / total >= 0.01) lines.push(`   ${perCall(us).padStart(7)}  ${layer}`);
  lines.push('   heaviest functions (self):');
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`   ${perCall(us).padStart(7)}  ${name}`);
  return lines.join('\n');
}

if (process.argv[1]?.endsWith('profile-summary.ts')) {
  const [file, calls] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [calls]');
  console.log(summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(calls ?? 1), file));
}

export interface HeapProfile {
  head: HeapNode;
  samples: { size: number; nodeId: number }[];
}
interface HeapNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children: HeapNode[];
}

/**
 * A sampling heap profile (HeapProfiler.startSampling, with the objects the collector
 * freed kept in) summarised per call: bytes allocated by layer and by function.
 */
export function summariseHeap(profile: HeapProfile, calls: number, title: string, top = 10): string {
  const layerOfNode = new Map<number, string>();
  const nameOf = new Map<number, string>();
  const walk = (n: HeapNode, inherited: string) => {
    const layer = layerOf(n.callFrame.url) ?? inherited;
    layerOfNode.set(n.id, layer);
    nameOf.set(n.id, `${n.callFrame.functionName || '(anonymous)'} [${layer}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}]`);
    for (const c of n.children) walk(c, layer);
  };
  walk(profile.head, '(native)');
  const layers = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const s of profile.samples) {
    total += s.size;
    const layer = layerOfNode.get(s.nodeId) ?? '(unknown)';
    layers.set(layer, (layers.get(layer) ?? 0) + s.size);
    const name = nameOf.get(s.nodeId) ?? '(unknown)';
    functions.set(name, (functions.get(name) ?? 0) + s.size);
  }
  const kb = (bytes: number) => (bytes / 1024 / calls).toFixed(1);
  const lines = [`-- ${title}: ${kb(total)} KiB allocated per call (sampled)`];
  for (const [layer, b] of [...layers].sort((a, c) => c[1] - a[1])) if (b / total >= 0.02) lines.push(`   ${kb(b).padStart(7)}  ${layer}`);
  lines.push('   heaviest allocating functions:');
  for (const [name, b] of [...functions].sort((a, c) => c[1] - a[1]).slice(0, top)) lines.push(`   ${kb(b).padStart(7)}  ${name}`);
  return lines.join('\n');
}
