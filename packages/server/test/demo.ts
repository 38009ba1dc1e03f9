import type { Db } from '../src/db/index.ts';
import { type DemoResult, seedDemo } from '../src/seed/demo.ts';

/** seedDemo for tests, on a deployment that may have the demo (no company made another way). */
export async function demoOf(db: Db, opts: Parameters<typeof seedDemo>[1]): Promise<DemoResult> {
  const demo = await seedDemo(db, opts);
  if (!demo) throw new Error('a company exists that is not the demo');
  return demo;
}
