/**
 * When the page's boot does its work (index.tsx), so that a slow phone shows the page before it runs scripts and
 * downloads only what the student uses.
 */

/**
 * Runs `work` once the browser has painted what the HTML shows (index.html's static login page), rather than in
 * the same stretch of script as the HTML's end, which would hold that first paint back. A hidden tab paints
 * nothing: there it runs at once.
 */
export function afterFirstPaint(work: () => void): void {
  if (document.visibilityState === 'hidden') return work();
  requestAnimationFrame(() => setTimeout(work, 0));
}

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** Settles at the student's first tap, key or focus on the page (at once if a field already has the focus). */
export function firstInteraction(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, go, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, go, { capture: true, passive: true });
    if (document.activeElement && document.activeElement !== document.body) go();
  });
}
