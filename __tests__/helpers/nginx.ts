/**
 * A real nginx in front of app processes, with the README's reverse-proxy configuration: `startNginx({ upstreams:
 * [port, …] })` → `{ port, url, errorLog(), stop() }`. The code lives beside the drills (`npm run drill`), which
 * start it too.
 */
export { startNginx, type Nginx } from '../../src/bench/drill/nginx';
