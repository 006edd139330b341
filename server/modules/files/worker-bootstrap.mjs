// Entry of the file module's worker threads. The server runs TypeScript through tsx, and a
// worker thread does not inherit the loader of the thread that starts it: register tsx here,
// then load the TypeScript entry named by the parent (workerData.entry).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
