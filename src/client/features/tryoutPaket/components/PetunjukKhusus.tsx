import { text } from '../../../text';

/** The collapsible "Petunjuk khusus" panel: instruction types A to D. */
export function PetunjukKhusus() {
  return (
    <details className="card card-body bg-body-tertiary mt-4">
      <summary className="fw-semibold">{text.tryoutPaket.petunjukKhusus}</summary>
      <ul className="mt-2 mb-0">
        {text.tryoutPaket.petunjukKhususItems.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </details>
  );
}
