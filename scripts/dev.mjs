// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173, which proxies
// /api and /media to it. Stops both when either stops or on Ctrl-C.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env: { ...process.env } }),
  spawn('npx', ['vite'], { stdio: 'inherit', cwd: 'apps/web' }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
