import { text } from '../text';

/**
 * Where a discussion, a review or a result would be while a TO Akbar event is still running: the server's sentence
 * saying when it opens (e.g. "Pembahasan dibuka setelah TO Akbar berakhir pada 1 Desember 2026 21.00 WIB", "Hasil
 * TO Akbar dibuka setelah 1 Desember 2026 21.00 WIB"), not an error.
 */
export function BelumDibuka({
  message,
  title = text.common.pembahasanBelumDibuka,
}: {
  message: string;
  title?: string;
}) {
  return (
    <div className="alert alert-info my-3" role="status">
      <h2 className="h6 alert-heading">{title}</h2>
      <p className="mb-0">{message}</p>
    </div>
  );
}
