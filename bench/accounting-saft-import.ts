// SAF-T import throughput (issue 13): a ~500 MB SAF-T (PT) file is generated in a temporary directory
// (stream-written), then read by `xmllint --stream` (libxml2's streaming reader, the reference) and by the
// import's parse/check pipeline (the SAF-T tokenizer + the XSD-derived rules + control totals) in the same
// run. Prints MB/s of both (wall), their CPU seconds (the import's also on its busiest thread: it decodes and
// tokenizes on a worker thread), the load average and the import's peak RSS growth.
// Targets: import ≥ 0.5 × xmllint's MB/s; peak RSS growth < 200 MB.
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { generateSaft } from '../apps/server/src/modules/accounting/saft-import/generate.ts';
import { readSaft } from '../apps/server/src/modules/accounting/saft-import/reader.ts';

const TARGET_MB = Number(process.env.SAFT_BENCH_MB ?? 500);
/** One invoice plus one journal transaction is about 2.3 kB of XML. */
const BYTES_PER_ITEM = 2_300;

async function writeFile(file: string): Promise<number> {
  const items = Math.round((TARGET_MB * 1024 * 1024) / BYTES_PER_ITEM);
  // Strings gathered into ~1 MB buffers: a stream of tiny chunks would measure the writer, not the file.
  async function* buffered() {
    let parts: string[] = [];
    let size = 0;
    for await (const text of generateSaft({ transactions: items, invoices: items })) {
      parts.push(text);
      size += text.length;
      if (size >= 1 << 20) {
        yield Buffer.from(parts.join(''));
        parts = [];
        size = 0;
      }
    }
    if (parts.length > 0) yield Buffer.from(parts.join(''));
  }
  await pipeline(Readable.from(buffered()), createWriteStream(file));
  return (await stat(file)).size;
}

/** CPU seconds of the waited-for children (Linux: cutime + cstime of /proc/self/stat, 100 ticks a second). */
function childrenCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

/**
 * CPU seconds of each thread of this process (Linux: utime + stime of /proc/self/task/<id>/stat), by
 * thread id: the pipeline decodes and tokenizes on a worker thread, so the busiest thread's CPU is what
 * its wall time would be on two idle cores.
 */
function threadCpuSeconds(): Map<string, number> {
  const threads = new Map<string, number>();
  try {
    for (const id of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(id, (Number(fields[11]) + Number(fields[12])) / 100);
    }
  } catch {
    // Not Linux: not shown.
  }
  return threads;
}

function xmllintAvailable(): boolean {
  return spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status === 0;
}

export async function benchSaftImport(): Promise<void> {
  const directory = await mkdtemp(path.join(tmpdir(), 'fluxo-saft-bench-'));
  const file = path.join(directory, 'saft-bench.xml');
  try {
    const started = performance.now();
    const size = await writeFile(file);
    const mb = size / (1024 * 1024);
    console.log(
      `SAF-T import bench: generated ${mb.toFixed(0)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    let xmllintRate: number | null = null;
    if (xmllintAvailable()) {
      const cpu0 = childrenCpuSeconds();
      const t0 = performance.now();
      const run = spawnSync('xmllint', ['--stream', '--noout', file], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const seconds = (performance.now() - t0) / 1000;
      const cpu1 = childrenCpuSeconds();
      const cpu = cpu0 !== null && cpu1 !== null ? `, ${(cpu1 - cpu0).toFixed(2)} s CPU` : '';
      if (run.status === 0) {
        xmllintRate = mb / seconds;
        console.log(`xmllint --stream --noout: ${seconds.toFixed(2)} s wall${cpu}`);
      } else console.log(`xmllint --stream failed: ${String(run.stderr).slice(0, 300)}`);
    } else {
      console.log('xmllint is not installed (Debian: libxml2-utils): the comparison is skipped.');
    }

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const load = loadavg()[0] as number;
    const threadsStart = threadCpuSeconds();
    const cpuStart = process.cpuUsage();
    const t1 = performance.now();
    const result = await readSaft(createReadStream(file, { highWaterMark: 256 * 1024 }), {
      onProgress: () => {
        peak = Math.max(peak, process.memoryUsage().rss);
      },
      progressBytes: 16 * 1024 * 1024,
    });
    const seconds = (performance.now() - t1) / 1000;
    const cpu = cpuSeconds(process.cpuUsage(cpuStart));
    const busiest = Math.max(
      0,
      ...[...threadCpuSeconds()].map(([id, seconds]) => seconds - (threadsStart.get(id) ?? 0)),
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const importRate = mb / seconds;
    const growth = (peak - baseline) / (1024 * 1024);

    console.log(
      `SAF-T import parse/check: ${importRate.toFixed(1)} MB/s (${seconds.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU of which ${busiest.toFixed(2)} s on the busiest thread, load average ${load.toFixed(1)}; ${result.counts.transactions ?? 0} transactions, ${result.counts['documents.SalesInvoices'] ?? 0} invoices, ${result.errorCount} errors), peak RSS growth ${growth.toFixed(0)} MB (target < 200 MB)`,
    );
    if (xmllintRate !== null) {
      const ratio = importRate / xmllintRate;
      console.log(
        `xmllint --stream: ${xmllintRate.toFixed(1)} MB/s; import / xmllint = ${ratio.toFixed(2)} (target ≥ 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
      );
    }
    if (growth >= 200) console.log('peak RSS growth: ABOVE TARGET');
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSaftImport();
