import type { ReactNode } from 'react';

/** One row of a list of things to work on: its name, a line of details, and its buttons on the right. */
export function ListRow({
  title,
  details,
  children,
}: {
  title: string;
  details: ReactNode;
  children: ReactNode;
}) {
  return (
    <li
      className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2"
      aria-label={title}
    >
      <div>
        <div className="fw-semibold">{title}</div>
        <small className="text-body-secondary">{details}</small>
      </div>
      {children}
    </li>
  );
}
