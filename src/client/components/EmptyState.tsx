import { text } from '../text';

/** One of the empty-state messages. */
export function EmptyState({ message = text.common.dataTidakDitemukan }: { message?: string }) {
  return <p className="text-center text-body-secondary my-3">{message}</p>;
}
