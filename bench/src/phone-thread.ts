/**
 * A phone in a thread of its own (`onPhoneThread`): the sync requests of dav-client.ts sent from a
 * worker thread, so the server's thread serves them as it would a device elsewhere, instead of
 * also running the client's fetches and parsing between its answers.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { firstSync, type DavBook, type FirstSync } from './dav-client';

/** A first sync of `book` from a worker thread; its figures as `firstSync` gives them. */
export function firstSyncOnPhoneThread(book: DavBook): Promise<FirstSync> {
  return new Promise((resolve, reject) => {
    // The worker loads this file through tsx's loader, as the bench's own thread does.
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { book } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the phone thread exited with ${code}`));
    });
  });
}

if (!isMainThread && parentPort) {
  const { book } = workerData as { book: DavBook };
  parentPort.postMessage(await firstSync(book));
}
