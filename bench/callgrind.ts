/**
 * Instructions per request, counted by valgrind's callgrind
 * (`BENCH_ONLY=instructions npm run bench`, docs/PERFORMANCE.md
 * "Instructions per request, counted"). CPU time on a shared host moves
 * by ±0.1 of a ratio between runs of the same build; an instruction count
 * does not depend on the host, so it shows what a change to the request
 * path is worth when the time ratios cannot.
 *
 * A server runs under `valgrind --tool=callgrind` with counting off; the
 * benchmark warms it up, switches counting on (`callgrind_control -i on`)
 * for a fixed number of requests, dumps the counts and reads them. V8's
 * hash and random seeds are fixed: with a random hash seed, which string
 * look-ups collide changes from process to process, and the same build's
 * count moved by 1,000–1,500 instructions a request between runs.
 *
 * Only user space is counted (the kernel's part of a request is the same
 * work in both servers: one read and one write), every thread of the
 * process included (the garbage collector's helpers and the compiler's).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

/** The seeds V8 is given under callgrind, the same in every server. */
export const SEEDED = ["--hash-seed=20261129", "--random-seed=20261129"];

/** Whether valgrind's callgrind and its tools are installed. */
export function callgrindAvailable(): boolean {
  try {
    execFileSync("valgrind", ["--version"], { stdio: "ignore" });
    execFileSync("callgrind_control", ["--version"], { stdio: "ignore" });
    // callgrind_annotate answers --version with exit status 255: looked up, not run.
    execFileSync("sh", ["-c", "command -v callgrind_annotate"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The command a server runs under: callgrind, counting off until `countFrom`. */
export function callgrindPrefix(outFile: string): string[] {
  return [
    "valgrind",
    "--quiet",
    "--tool=callgrind",
    "--instr-atstart=no",
    `--callgrind-out-file=${outFile}`,
  ];
}

const control = (pid: number, ...args: string[]) =>
  execFileSync("callgrind_control", [...args, String(pid)], { stdio: "ignore" });

/** Counting on, in the process `pid` (the valgrind process is the server's). */
export function countFrom(pid: number): void {
  control(pid, "-i", "on");
}

/** What a counted window held, in instructions. */
export type Counted = {
  total: number;
  /** V8's compilers (TurboFan, Maglev, the parser), compiling in the window. */
  compiling: number;
  /** The garbage collector (scavenges, marking, sweeping). */
  collecting: number;
};

const COMPILING =
  /v8::internal::(compiler|maglev|turboshaft)::|v8::internal::(Parser|PreParser)|Compiler::/;
const COLLECTING =
  /v8::internal::(Scavenger|Heap::|MarkCompact|Marking|ConcurrentMarking|Sweeper|Evacuat|MinorMark)|heap::base::|cppgc::/;

/** Counting off, the counts written out, and read back: the window's totals. */
export function countUntil(pid: number, outFile: string): Counted {
  control(pid, "-d");
  control(pid, "-i", "off");
  const dump = `${outFile}.1`;
  if (!existsSync(dump)) throw new Error(`callgrind wrote no counts to ${dump}`);
  const summary = /^summary: (\d+)$/m.exec(readFileSync(dump, "utf8"));
  if (summary === null) throw new Error(`no summary in ${dump}`);
  const counted: Counted = { total: Number(summary[1]), compiling: 0, collecting: 0 };
  const annotated = execFileSync("callgrind_annotate", ["--threshold=100", dump], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const line of annotated.split("\n")) {
    const match = /^\s*([\d,]+) \([ \d.]+%\)\s+(.*)$/.exec(line);
    if (match === null || match[2]?.includes("PROGRAM TOTALS")) continue;
    const instructions = Number(match[1]?.replaceAll(",", ""));
    const name = match[2] ?? "";
    if (COMPILING.test(name)) counted.compiling += instructions;
    else if (COLLECTING.test(name)) counted.collecting += instructions;
  }
  return counted;
}
