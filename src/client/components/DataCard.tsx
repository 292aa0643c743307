import type { ReactNode } from 'react';

/** A titled card around one table or block of a page; `id` names its heading. */
export function DataCard({ title, children, id }: { title: ReactNode; children: ReactNode; id: string }) {
  return (
    <section className="card shadow-sm mb-4" aria-labelledby={id}>
      <div className="card-header bg-body">
        <h2 id={id} className="h6 mb-0">
          {title}
        </h2>
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}
