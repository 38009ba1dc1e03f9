import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { DomainError } from '../../http/errors.ts';

/** Converts office documents to PDF (LibreOffice headless), or says it cannot. */
export interface OfficeConverter {
  /** Whether a converter is installed: without one the viewer offers the download instead. */
  readonly available: boolean;
  /**
   * Converts `input` (named with its document's extension) into a PDF in `outDir` and answers its
   * path: convertTimeout when it takes longer than the timeout, convertFail when it fails.
   */
  toPdf(input: string, outDir: string): Promise<string>;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** SOFFICE_PATH, else soffice or libreoffice on PATH; "off" turns conversion off. */
export function findSoffice(configured: string, envPath = process.env.PATH ?? ''): string | null {
  if (configured === 'off') return null;
  if (configured) return isExecutable(configured) ? configured : null;
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    for (const name of ['soffice', 'libreoffice']) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * LibreOffice's `soffice --headless --convert-to pdf`, one document at a time per profile. Each
 * run gets a profile directory of its own under `workDir` (two soffice processes cannot share
 * one), and the whole process group is killed at the timeout: soffice starts soffice.bin, which
 * would otherwise live on.
 */
export function createOfficeConverter(opts: {
  soffice: string | null;
  timeoutSeconds: number;
  workDir: string;
}): OfficeConverter {
  const { soffice, timeoutSeconds, workDir } = opts;
  let runs = 0;

  return {
    available: soffice !== null,

    async toPdf(input, outDir) {
      if (!soffice) throw new DomainError('convertFail');
      const profile = path.join(workDir, `lo-profile-${process.pid}-${runs++ % 4}`);
      await fsp.mkdir(profile, { recursive: true });
      const args = [
        '--headless',
        '--invisible',
        '--norestore',
        '--nologo',
        '--nodefault',
        '--nolockcheck',
        '--nofirststartwizard',
        `-env:UserInstallation=file://${profile}`,
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        input,
      ];
      const child = spawn(soffice, args, {
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, HOME: profile, SAL_USE_VCLPLUGIN: 'svp' },
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        if (stderr.length < 4000) stderr += chunk.toString();
      });
      const outcome = await new Promise<'done' | 'timeout' | 'failed'>((resolve) => {
        const timer = setTimeout(() => {
          try {
            if (child.pid) process.kill(-child.pid, 'SIGKILL');
          } catch {
            child.kill('SIGKILL');
          }
          resolve('timeout');
        }, timeoutSeconds * 1000);
        child.on('error', () => {
          clearTimeout(timer);
          resolve('failed');
        });
        child.on('exit', (code) => {
          clearTimeout(timer);
          resolve(code === 0 ? 'done' : 'failed');
        });
      });
      if (outcome === 'timeout') throw new DomainError('convertTimeout');
      const pdf = path.join(outDir, `${path.parse(input).name}.pdf`);
      const made = await fsp.stat(pdf).catch(() => undefined);
      // soffice answers 0 even when it could not load the document; the missing PDF tells.
      if (outcome !== 'done' || !made || made.size === 0)
        throw new DomainError('convertFail', {}, { stderr });
      return pdf;
    },
  };
}
