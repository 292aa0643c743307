import { ensureBuild } from './e2eServer';

/** Once per run of the e2e project, before any suite starts a server: rebuild when the build is stale. */
export default function e2eGlobalSetup(): void {
  ensureBuild();
}
