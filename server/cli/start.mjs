// `npm start`: brings the browser app (web-build.mjs) and the server bundle (server-build.mjs) up
// to date, each only when its sources changed, then runs the server from compiled JavaScript in
// this same process (dist/server/main.mjs), so the process `npm start` runs is the console itself.
import './web-build.mjs';
import './server-build.mjs';

await import('../../dist/server/main.mjs');
