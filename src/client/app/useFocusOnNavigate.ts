import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After each navigation inside the app, focus moves to the page's main region, so a keyboard user continues on
 * the new page (not on a button that no longer exists) and a screen reader starts reading there. An open dialog
 * keeps its focus; the first page load is left alone.
 */
export function useFocusOnNavigate(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active instanceof Element && active.closest('.swal2-container')) return;
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}
