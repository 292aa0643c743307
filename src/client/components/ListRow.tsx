import type { ReactNode } from 'react';

/** One row of a list of things to work on: its name, its details on one line, and its buttons on the right. */
function ListRow({ title, details, children }: { title: string; details: string[]; children: ReactNode }) {
  return (
    <li
      className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2"
      aria-label={title}
    >
      <div>
        <div className="fw-semibold">{title}</div>
        <small className="text-body-secondary">{details.join(' · ')}</small>
      </div>
      {children}
    </li>
  );
}

/** A list of things to work on (a package's subjects, a subject's topics): one `ListRow` an item. */
export function RowList<Item>({
  items,
  row,
  className = 'list-group',
}: {
  items: readonly Item[];
  /** The item's key, name, details and buttons. */
  row: (item: Item) => { key: string | number; title: string; details: string[]; actions: ReactNode };
  className?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => {
        const { key, title, details, actions } = row(item);
        return (
          <ListRow key={key} title={title} details={details}>
            {actions}
          </ListRow>
        );
      })}
    </ul>
  );
}
