import { paketText } from '../text';

/** The collapsible "Petunjuk khusus" panel: instruction types A to D. */
export function PetunjukKhusus() {
  return (
    <details className="card card-body bg-body-tertiary mt-4">
      <summary className="fw-semibold">{paketText.petunjukKhusus}</summary>
      <ul className="mt-2 mb-0">
        {paketText.petunjukKhususItems.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </details>
  );
}
