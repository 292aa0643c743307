/**
 * The app's links, react-router's `<Link>` and `<NavLink>` made of its own hooks (useHref, useLinkClickHandler):
 * react-router's components also carry its framework mode's page prefetching and view transitions, about 2.7 KB
 * gzip that every page, /login included, would download for nothing. A click with a modifier key or on a
 * `target` other than the page is left to the browser, as react-router's Link does.
 */
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry (a link to the page shown replaces it anyway). */
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) follow(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={click} />;
}

/**
 * A link that marks the page it leads to while that page shows (class `active`, `aria-current="page"`): the same
 * path or, unless `end`, a path below it, as react-router's NavLink decides.
 */
export function NavLink({ end = false, className, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const { pathname: target } = useResolvedPath(props.to);
  const below = target.endsWith('/') ? target.length - 1 : target.length;
  const active =
    pathname === target || (!end && pathname.startsWith(target) && pathname.charAt(below) === '/');
  return (
    <Link
      {...props}
      className={[className, active && 'active'].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
